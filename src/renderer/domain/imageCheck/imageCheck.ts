import { App } from 'antd';
import { atom, useAtom } from 'jotai';
import { useCallback } from 'react';
import { MESSAGES } from '../../../shared/messages';
import { invoke } from '../../bridge/bridge';
import { errorText } from '../../ui/errorText';

/** The image checks of SPEC.md 7: currencies and markets, each by unique name. */
export type ImageCheckChannel = 'currencies.checkCurrencyImage' | 'markets.checkMarketImage';

/** Results by channel and unique name (SPEC.md 3: true or false); a save gate waits for true. */
const imageChecksAtom = atom<Record<string, boolean>>({});
const keyOf = (channel: ImageCheckChannel, uniqueName: string) => `${channel}:${uniqueName}`;

/**
 * 'Check Img': asks the server, says 'Check Image is True' or 'Check Image is False', and
 * remembers the answer so a gate can read it.
 */
export function useImageCheck(channel: ImageCheckChannel) {
  const { message } = App.useApp();
  const [checks, setChecks] = useAtom(imageChecksAtom);
  const check = useCallback(
    async (uniqueName: string) => {
      try {
        const ok = await invoke(channel, { uniqueName });
        setChecks((all) => ({ ...all, [keyOf(channel, uniqueName)]: ok }));
        if (ok) void message.success(MESSAGES.checkImageTrue);
        else void message.warning(MESSAGES.checkImageFalse);
      } catch (error) {
        void message.error(errorText(error));
      }
    },
    [channel, message, setChecks],
  );
  const passed = (uniqueName: string | undefined) =>
    uniqueName !== undefined && checks[keyOf(channel, uniqueName)] === true;
  return { check, passed };
}
