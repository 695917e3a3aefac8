import { App as AntApp, ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import 'antd/dist/antd.css';
import { AppLayout } from './AppLayout';
import { useReducedMotion } from './reducedMotion';
import { themeFor } from './theme';
import { PlainLookProvider } from '../ui/look/PlainLookProvider';
import { useDarkTheme } from '../ui/themeChoice';

/**
 * Ant Design for the signed-in screens, in a chunk of its own (AppRoutes loads it while the login
 * screen waits for the user): the theme, light or dark as chosen, without motion when the system
 * asks for reduced motion; the app-wide message, modal and notification; the plain look of the
 * buttons and tags a page draws by the hundred (PlainLookProvider.tsx); and the frame of every
 * protected screen.
 *
 * No click wave on any control (docs/performance.md, Review and the lists): Ant Design's wave
 * animates a box-shadow, which Chromium repaints on the main thread every frame for about half a
 * second after each click, while the answer the click asked for waits for that thread. A reviewer
 * clicks hundreds of times a shift; a pressed button still shows its pressed colour.
 */
const NO_WAVE = { disabled: true };

export function AntShell() {
  const dark = useDarkTheme();
  const reducedMotion = useReducedMotion();
  return (
    <ConfigProvider theme={themeFor(dark, reducedMotion)} locale={enGB} wave={NO_WAVE}>
      <AntApp>
        <PlainLookProvider>
          <AppLayout />
        </PlainLookProvider>
      </AntApp>
    </ConfigProvider>
  );
}
