import { ComingLater } from '../../ui/ComingLater';

/** Placeholder: the screen is built by a later issue. */
export default function ListKeywordsPage() {
  return (
    <ComingLater
      title="List Keywords"
      tabs={[{ label: 'List Keywords', to: '/keyword/get-keywords' }, { label: 'Add Keyword' }]}
    />
  );
}
