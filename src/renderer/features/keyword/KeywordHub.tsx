import { ComingLater } from '../../ui/ComingLater';

/** Placeholder: the screen is built by a later issue. */
export default function KeywordHub() {
  return (
    <ComingLater
      title="Keyword"
      tabs={[{ label: 'List Keywords', to: '/keyword/get-keywords' }, { label: 'Add Keyword' }]}
    />
  );
}
