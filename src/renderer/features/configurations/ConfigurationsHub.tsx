import { ResourcePage } from '../../ui/resource/ResourcePage';
import { configurationView } from './configurationView';

/** /configurations and /configurations/list: the list, with its 'Add Configuration' tab. */
export default function ConfigurationsHub() {
  return <ResourcePage view={configurationView} />;
}
