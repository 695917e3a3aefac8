import { ComingLater } from '../../ui/ComingLater';

/** Placeholder: the screen is built by a later issue. */
export default function ConfigurationsHub() {
  return (
    <ComingLater
      title="Configurations"
      tabs={[
        { label: 'List Configurations', to: '/configurations/list' },
        { label: 'Add Configuration' },
      ]}
    />
  );
}
