import { Segmented } from 'antd';
import { useAtomValue } from 'jotai';
import type { Density } from '../../../shared/prefs';
import { prefsAtom, usePrefsChange } from '../../domain/prefs/prefsState';
import { useKeptChoice } from '../../domain/prefs/useKeptChoice';

const OPTIONS: { value: Density; label: string }[] = [
  { value: 'comfortable', label: 'Comfortable' },
  { value: 'compact', label: 'Compact' },
];

/**
 * The Review list's density (docs/user-guide.md, A reviewer's shift), kept per user by core. The
 * choice shows at once; if core cannot keep it, the list goes back to what is kept and says why.
 */
export function useDensity(): [Density, (density: Density) => void] {
  const change = usePrefsChange();
  return useKeptChoice(
    useAtomValue(prefsAtom).density,
    (density: Density) => change('prefs.setDensity', { density }),
    'The density',
  );
}

export function DensityToggle({
  density,
  onChange,
}: {
  density: Density;
  onChange(density: Density): void;
}) {
  return (
    <Segmented<Density>
      aria-label="Density"
      size="small"
      value={density}
      options={OPTIONS}
      onChange={onChange}
    />
  );
}
