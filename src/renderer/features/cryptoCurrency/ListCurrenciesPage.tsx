import { ResourcePage } from '../../ui/resource/ResourcePage';
import { catalogueView } from './catalogueView';

/** The screen of catalogueView.tsx, drawn by the resource kit. */
export default function ListCurrenciesPage() {
  return <ResourcePage view={catalogueView} />;
}
