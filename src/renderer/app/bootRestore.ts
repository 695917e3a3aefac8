/**
 * The page's first module (main.tsx imports it before anything else): it starts the session
 * restore and the login screen's download before React and Ant Design are even evaluated, so
 * that the bridge's round trip overlaps the evaluation of the rest of the page.
 */
import { preloadLoginChunk } from './loginChunk';
import { beginStartupRestore } from './startupRestore';

beginStartupRestore();
preloadLoginChunk(window.location.hash);
