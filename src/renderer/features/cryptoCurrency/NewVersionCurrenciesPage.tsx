import { ComingLater } from '../../ui/ComingLater';
import { CURRENCY_TABS } from './currencyTabs';

/** Placeholder: the screen is built by a later issue. */
export default function NewVersionCurrenciesPage() {
  return <ComingLater title="Currency's New Version" tabs={CURRENCY_TABS} />;
}
