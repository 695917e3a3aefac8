import { ResourcePage } from '../../ui/resource/ResourcePage';
import { marketView } from './marketView';

/** The screen of marketView.tsx, drawn by the resource kit. */
export default function ListMarketsPage() {
  return <ResourcePage view={marketView} />;
}
