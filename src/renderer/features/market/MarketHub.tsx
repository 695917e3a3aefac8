import { ComingLater } from '../../ui/ComingLater';

/** Placeholder: the screen is built by a later issue. */
export default function MarketHub() {
  return (
    <ComingLater
      title="Market"
      tabs={[
        { label: 'List Markets', to: '/market/get-markets' },
        { label: 'List New Markets', to: '/market/get-newMarkets' },
      ]}
    />
  );
}
