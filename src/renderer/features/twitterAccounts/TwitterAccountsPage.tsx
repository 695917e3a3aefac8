import { ComingLater } from '../../ui/ComingLater';

/** Placeholder: the screen is built by a later issue. */
export default function TwitterAccountsPage() {
  return <ComingLater title="Twitter Accounts" />;
}
