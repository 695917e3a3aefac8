import { ComingLater } from '../../ui/ComingLater';

/** Placeholder: the screen is built by a later issue. */
export default function MismatchesHub() {
  return (
    <ComingLater
      title="Mismatches"
      tabs={[
        { label: 'Trading Pairs', to: '/mismatches/get-tradingPairs' },
        { label: 'Explorer Urls', to: '/mismatches/get-explorerUrls' },
      ]}
    />
  );
}
