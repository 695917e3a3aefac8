import { ResourcePage } from '../../ui/resource/ResourcePage';
import { ecosystemTagView } from './ecosystemTagView';

/** /ecosystemTag: the ecosystem tag list. */
export default function EcosystemTagPage() {
  return <ResourcePage view={ecosystemTagView} />;
}
