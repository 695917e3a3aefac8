import { ComingLater } from '../../ui/ComingLater';
import { CURRENCY_TABS } from './currencyTabs';

/** Placeholder: the screen is built by a later issue. */
export default function ListNewCurrenciesPage() {
  return <ComingLater title="List New Crypto Currencies" tabs={CURRENCY_TABS} />;
}
