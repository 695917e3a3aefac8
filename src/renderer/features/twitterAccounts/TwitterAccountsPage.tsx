import { ResourcePage } from '../../ui/resource/ResourcePage';
import { accountView } from './accountView';

/** /twitter-accounts: the accounts of the chosen type. */
export default function TwitterAccountsPage() {
  return <ResourcePage view={accountView} />;
}
