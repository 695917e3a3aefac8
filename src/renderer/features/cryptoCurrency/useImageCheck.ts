import { App } from 'antd';
import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { MESSAGES } from '../../../shared/messages';
import { invoke } from '../../bridge/bridge';
import { errorText } from '../../ui/errorText';
import { imageChecksAtom } from './currencyAtoms';

/** 'Check Img' (SPEC.md 7): asks the server, says 'Check Image is True' or 'Check Image is False', and remembers the answer. */
export function useImageCheck() {
  const { message } = App.useApp();
  const setChecks = useSetAtom(imageChecksAtom);
  return useCallback(
    async (uniqueName: string) => {
      try {
        const ok = await invoke('currencies.checkCurrencyImage', { uniqueName });
        setChecks((checks) => ({ ...checks, [uniqueName]: ok }));
        if (ok) void message.success(MESSAGES.checkImageTrue);
        else void message.warning(MESSAGES.checkImageFalse);
      } catch (error) {
        void message.error(errorText(error));
      }
    },
    [message, setChecks],
  );
}
