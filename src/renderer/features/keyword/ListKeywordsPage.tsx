import { ResourcePage } from '../../ui/resource/ResourcePage';
import { keywordView } from './keywordView';

/** /keyword/get-keywords (SPEC.md 2, Keyword screen): curate each service's keyword list. */
export default function ListKeywordsPage() {
  return <ResourcePage view={keywordView} />;
}
