import { App as AntApp, Button } from 'antd';
import { useCallback } from 'react';
import type { DecisionResult } from '../../../shared/runs';
import { invoke } from '../../bridge/bridge';
import { errorText } from '../../ui/errorText';

/** How long a decision's Undo stays offered. */
const UNDO_NOTICE_SECONDS = 10;

/**
 * Offers Undo for a decision core can undo (it flipped the item's selected flag): a notice for ten
 * seconds, with what undo cannot take back. Undo asks core, which re-reads the item first and
 * leaves it if someone changed it since; `after` reloads the list either way.
 */
export function useUndoNotice() {
  const { notification, message } = AntApp.useApp();
  return useCallback(
    (title: string, result: DecisionResult, after: () => void) => {
      const { undoId } = result;
      if (!undoId) return;
      const key = `undo-${undoId}`;
      const undo = async () => {
        notification.destroy(key);
        try {
          const undone = await invoke('undo.decision', { undoId });
          if (undone.restored) void message.success(undone.message);
          else void message.warning(undone.message);
          after();
        } catch (error) {
          void message.error(`Undo failed: ${errorText(error)}`);
        }
      };
      notification.open({
        key,
        title,
        description: result.cannotUndo ?? undefined,
        duration: UNDO_NOTICE_SECONDS,
        actions: (
          <Button size="small" type="primary" onClick={() => void undo()}>
            Undo
          </Button>
        ),
      });
    },
    [notification, message],
  );
}
