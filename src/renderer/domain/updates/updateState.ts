/**
 * The updater's state and the restart it offers, shared by the shell (its notices) and About &
 * Settings (its Check and Restart buttons).
 */
import { App as AntApp } from 'antd';
import { atom, useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import type { UpdateStatus } from '../../../shared/desktop';
import { invoke, onBridgeEvent } from '../../bridge/bridge';
import { draftCount } from '../../session/drafts';
import { useConfirm } from '../../ui/confirmAction';
import { errorText } from '../../ui/errorText';

/** The updater's state as last read or pushed; null until the first answer. */
export const updateStatusAtom = atom<UpdateStatus | null>(null);

/**
 * Reads the updater's state once and follows its `app.update` events. An event that arrives before
 * the first answer wins: it is the newer of the two.
 */
export function useUpdateFeed(): void {
  const setStatus = useSetAtom(updateStatusAtom);
  useEffect(() => {
    let cancelled = false;
    let pushed = false;
    const unsubscribe = onBridgeEvent((event) => {
      if (event.type !== 'app.update') return;
      pushed = true;
      setStatus(event.status);
    });
    invoke('app.updateStatus').then(
      (status) => {
        if (!cancelled && !pushed) setStatus(status);
      },
      (error: unknown) => {
        if (!cancelled && !pushed)
          setStatus({ state: 'error', message: errorText(error), checkedAt: null });
      },
    );
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, [setStatus]);
}

/** Whether an Ant Design modal is open now (its wrapper is shown while open). */
function modalOpen(): boolean {
  return [...document.querySelectorAll<HTMLElement>('.ant-modal-wrap')].some(
    (wrap) => wrap.style.display !== 'none',
  );
}

export const UNSAVED_CHANGES_TITLE = 'Restart now and lose your unsaved changes?';
export const UNSAVED_CHANGES_TEXT =
  'You have unsaved changes: what you typed in a form or an open dialog is lost when the console restarts. ' +
  'Keep editing and restart later, or quit when you are done: the update also installs then.';

/**
 * "Restart to update", never interrupting an open edit: the console restarts only when the user
 * asks, and asks first when something typed would be lost (a draft, or an open dialog).
 */
export function useRestartToUpdate(): () => void {
  const { message } = AntApp.useApp();
  const confirm = useConfirm();
  return useCallback(() => {
    const restart = async () => {
      try {
        await invoke('app.restartToUpdate');
      } catch (error) {
        void message.error(errorText(error));
      }
    };
    if (draftCount() === 0 && !modalOpen()) {
      void restart();
      return;
    }
    confirm({
      title: UNSAVED_CHANGES_TITLE,
      content: UNSAVED_CHANGES_TEXT,
      okText: 'Restart and lose changes',
      cancelText: 'Keep editing',
      action: restart,
    });
  }, [confirm, message]);
}
