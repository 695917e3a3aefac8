import { ResourcePage } from '../../ui/resource/ResourcePage';
import { newVersionView } from './newVersionView';

/** The screen of newVersionView.tsx, drawn by the resource kit. */
export default function NewVersionCurrenciesPage() {
  return <ResourcePage view={newVersionView} />;
}
