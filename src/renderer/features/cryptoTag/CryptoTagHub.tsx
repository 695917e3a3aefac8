import { ComingLater } from '../../ui/ComingLater';

/** Placeholder: the screen is built by a later issue. */
export default function CryptoTagHub() {
  return (
    <ComingLater
      title="Crypto Tag"
      tabs={[{ label: 'List Crypto Tags', to: '/cryptoTag/listTags' }, { label: 'Add Crypto Tag' }]}
    />
  );
}
