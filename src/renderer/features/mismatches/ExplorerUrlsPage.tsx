import { ResourcePage } from '../../ui/resource/ResourcePage';
import { explorerUrlView } from './explorerUrlView';

/** The screen of explorerUrlView.tsx, drawn by the resource kit. */
export default function ExplorerUrlsPage() {
  return <ResourcePage view={explorerUrlView} />;
}
