import { App } from 'antd';
import { useSetAtom } from 'jotai';
import { useCallback, useMemo } from 'react';
import type { RunView } from '../../../shared/runs';
import { invoke } from '../../bridge/bridge';
import { useConfirm } from '../../ui/confirmAction';
import { errorText } from '../../ui/errorText';
import { dropRunAtom, putRunAtom } from './runsState';

export const CANCEL_RUN_TEXT =
  'Cancel this run? Items already written stay written; nothing more is sent.';

type RunChannel = 'runs.pause' | 'runs.resume' | 'runs.retryFailed' | 'runs.undo' | 'runs.cancel';

export interface RunActions {
  pause(id: string): void;
  resume(id: string): void;
  retryFailed(id: string): void;
  undo(id: string): void;
  discard(id: string): void;
  /** Asks first: a cancelled run cannot be resumed. */
  cancel(id: string): void;
}

/**
 * What the drawer and the banners ask of core. Each answer is put in place at once (events follow
 * with the progress); a refusal is said in a message and changes nothing on screen.
 */
export function useRunActions(): RunActions {
  const { message } = App.useApp();
  const confirm = useConfirm();
  const putRun = useSetAtom(putRunAtom);
  const dropRun = useSetAtom(dropRunAtom);

  const send = useCallback(
    (channel: RunChannel, id: string): Promise<RunView> =>
      invoke(channel, { id }).then((run) => {
        putRun(run);
        return run;
      }),
    [putRun],
  );
  const sendOrSay = useCallback(
    (channel: RunChannel, id: string) => {
      send(channel, id).catch((error: unknown) => void message.error(errorText(error)));
    },
    [send, message],
  );

  return useMemo(
    () => ({
      pause: (id) => sendOrSay('runs.pause', id),
      resume: (id) => sendOrSay('runs.resume', id),
      retryFailed: (id) => sendOrSay('runs.retryFailed', id),
      undo: (id) => sendOrSay('runs.undo', id),
      discard: (id) => {
        invoke('runs.discard', { id }).then(
          () => dropRun(id),
          (error: unknown) => void message.error(errorText(error)),
        );
      },
      cancel: (id) => {
        confirm({ content: CANCEL_RUN_TEXT, action: () => send('runs.cancel', id) });
      },
    }),
    [sendOrSay, send, dropRun, confirm, message],
  );
}
