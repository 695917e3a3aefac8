import { ResourcePage } from '../../ui/resource/ResourcePage';
import { newCurrencyView } from './newCurrencyView';

/** The screen of newCurrencyView.tsx, drawn by the resource kit. */
export default function ListNewCurrenciesPage() {
  return <ResourcePage view={newCurrencyView} />;
}
