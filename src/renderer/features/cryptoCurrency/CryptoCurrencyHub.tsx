import { ComingLater } from '../../ui/ComingLater';
import { CURRENCY_TABS } from './currencyTabs';

/** Placeholder: the screen is built by a later issue. */
export default function CryptoCurrencyHub() {
  return <ComingLater title="Crypto Currency" tabs={CURRENCY_TABS} />;
}
