import { App as AntApp } from 'antd';
import { useHotkeys } from 'react-hotkeys-hook';
import { invoke } from '../../bridge/bridge';
import { errorText } from '../../ui/errorText';
import { inDialog } from './pageKeys';

/**
 * The undo keys (ctrl+z and ⌘+z unless the user chose others; shared/keys.ts) undo the user's last undoable decision, as core knows it. Outside a text
 * field only (the hook's default): there ctrl+z undoes typing.
 */
export function useUndoLast(keys: string, enabled: boolean, after: () => void) {
  const { message } = AntApp.useApp();
  useHotkeys(
    keys,
    () => {
      invoke('undo.last').then(
        (undone) => {
          if (undone.restored) void message.success(undone.message);
          else void message.info(undone.message);
          after();
        },
        (error: unknown) => void message.error(`Undo failed: ${errorText(error)}`),
      );
    },
    { enabled, ignoreEventWhen: inDialog, preventDefault: true },
    [after, message],
  );
}
