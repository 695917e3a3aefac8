import { ResourcePage } from '../../ui/resource/ResourcePage';
import { newMarketView } from './newMarketView';

/** The screen of newMarketView.tsx, drawn by the resource kit. */
export default function ListNewMarketsPage() {
  return <ResourcePage view={newMarketView} />;
}
