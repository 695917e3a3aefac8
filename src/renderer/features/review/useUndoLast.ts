import { App as AntApp } from 'antd';
import { useHotkeys } from 'react-hotkeys-hook';
import { invoke } from '../../bridge/bridge';
import { useShowDecisionNotice } from './decisionNoticeAtom';
import { errorText } from '../../ui/errorText';
import { inDialog } from '../../ui/pageKeys';
import { SAVED_NOTICE_SECONDS } from './useDecisionNotice';

/**
 * The undo keys (ctrl+z and ⌘+z unless the user chose others; shared/keys.ts) undo the user's last
 * undoable decision, as core knows it, and say what they did in the decision notice (in place of
 * the decision's own). Outside a text field only (the hook's default): there ctrl+z undoes typing.
 */
export function useUndoLast(keys: string, enabled: boolean, after: () => void) {
  const { message } = AntApp.useApp();
  const show = useShowDecisionNotice();
  useHotkeys(
    keys,
    () => {
      invoke('undo.last').then(
        (undone) => {
          show({
            text: undone.message,
            tone: undone.restored ? 'success' : 'info',
            seconds: SAVED_NOTICE_SECONDS,
          });
          after();
        },
        (error: unknown) => void message.error(`Undo failed: ${errorText(error)}`),
      );
    },
    { enabled, ignoreEventWhen: inDialog, preventDefault: true },
    [after, message, show],
  );
}
