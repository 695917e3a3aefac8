import { App as AntApp, Button } from 'antd';
import { useCallback } from 'react';
import type { DecisionResult } from '../../../shared/runs';
import { invoke } from '../../bridge/bridge';
import { errorText } from '../../ui/errorText';

/** How long a decision's Undo stays offered. */
const UNDO_NOTICE_SECONDS = 10;

/**
 * The most Undo notices open at once; a newer decision's notice closes the oldest. A notice counts
 * its time down every frame and the list measures them all on each new one: a reviewer deciding
 * every second or two had a dozen or more open, which cost every decision and every frame (Ant
 * Design stacks them, so no more than three were readable anyway). Older decisions stay undoable
 * from the keyboard ("Undo your last decision", ctrl+z unless remapped).
 */
export const MAX_UNDO_NOTICES = 3;

/** The Undo notices open now, oldest first (one list: every card offers through it). */
const openUndoNotices: string[] = [];

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
      const forget = () => {
        const index = openUndoNotices.indexOf(key);
        if (index >= 0) openUndoNotices.splice(index, 1);
      };
      const undo = async () => {
        notification.destroy(key);
        forget();
        try {
          const undone = await invoke('undo.decision', { undoId });
          if (undone.restored) void message.success(undone.message);
          else void message.warning(undone.message);
          after();
        } catch (error) {
          void message.error(`Undo failed: ${errorText(error)}`);
        }
      };
      openUndoNotices.push(key);
      while (openUndoNotices.length > MAX_UNDO_NOTICES)
        notification.destroy(openUndoNotices.shift());
      notification.open({
        key,
        title,
        description: result.cannotUndo ?? undefined,
        duration: UNDO_NOTICE_SECONDS,
        onClose: forget,
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
