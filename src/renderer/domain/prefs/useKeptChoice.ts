import { App as AntApp } from 'antd';
import { useState } from 'react';
import { errorText } from '../../ui/errorText';
import { useStableCallback } from '../../ui/useStableCallback';

/**
 * A choice core keeps per user (the density, Review's Stories switch): shown at once as chosen,
 * then as kept once core has it; if core cannot keep it, what is kept shows again and a message
 * says `${what} could not be kept` and why. The chooser is stable: memoised title lines hold it.
 */
export function useKeptChoice<T>(
  kept: T,
  keep: (value: T) => Promise<unknown>,
  what: string,
): [T, (value: T) => void] {
  const { message } = AntApp.useApp();
  const [chosen, setChosen] = useState<{ value: T } | null>(null);
  const choose = useStableCallback((value: T) => {
    setChosen({ value });
    keep(value).then(
      () => setChosen(null),
      (error: unknown) => {
        setChosen(null);
        void message.error(`${what} could not be kept: ${errorText(error)}`);
      },
    );
  });
  return [chosen ? chosen.value : kept, choose];
}
