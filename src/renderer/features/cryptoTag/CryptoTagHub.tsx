import { ResourcePage } from '../../ui/resource/ResourcePage';
import { cryptoTagView } from './cryptoTagView';

/** /cryptoTag and /cryptoTag/listTags: the tag list, with its 'Add Crypto Tag' tab. */
export default function CryptoTagHub() {
  return <ResourcePage view={cryptoTagView} />;
}
