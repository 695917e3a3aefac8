import { App as AntApp, Segmented } from 'antd';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import type { Density } from '../../../shared/prefs';
import { errorText } from '../../ui/errorText';
import { prefsAtom, usePrefsChange } from '../../domain/prefs/prefsState';
import { useStableCallback } from '../../ui/useStableCallback';

const OPTIONS: { value: Density; label: string }[] = [
  { value: 'comfortable', label: 'Comfortable' },
  { value: 'compact', label: 'Compact' },
];

/**
 * The Review list's density (docs/user-guide.md, A reviewer's shift), kept per user by core. The
 * choice shows at once; if core cannot keep it, the list goes back to what is kept and says why.
 */
export function useDensity(): [Density, (density: Density) => void] {
  const kept = useAtomValue(prefsAtom).density;
  const change = usePrefsChange();
  const { message } = AntApp.useApp();
  const [chosen, setChosen] = useState<Density | null>(null);
  // Stable: the page's memoised title line holds it.
  const choose = useStableCallback((density: Density) => {
    setChosen(density);
    change('prefs.setDensity', { density }).then(
      () => setChosen(null),
      (error: unknown) => {
        setChosen(null);
        void message.error(`The density could not be kept: ${errorText(error)}`);
      },
    );
  });
  return [chosen ?? kept, choose];
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
