import { ResourcePage } from '../../ui/resource/ResourcePage';
import { tradingPairView } from './tradingPairView';

/** The screen of tradingPairView.tsx, drawn by the resource kit. */
export default function TradingPairsPage() {
  return <ResourcePage view={tradingPairView} />;
}
