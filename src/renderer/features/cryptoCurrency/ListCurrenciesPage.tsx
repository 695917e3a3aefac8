import { ComingLater } from '../../ui/ComingLater';
import { CURRENCY_TABS } from './currencyTabs';

/** Placeholder: the screen is built by a later issue. */
export default function ListCurrenciesPage() {
  return <ComingLater title="List Crypto Currencies" tabs={CURRENCY_TABS} />;
}
