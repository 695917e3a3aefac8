import { App as AntApp } from 'antd';
import { useCallback } from 'react';
import type { DecisionResult } from '../../../shared/runs';
import { invoke } from '../../bridge/bridge';
import { useShowDecisionNotice } from './decisionNoticeAtom';
import { errorText } from '../../ui/errorText';

/** How long a decision's Undo stays offered. */
const UNDO_NOTICE_SECONDS = 10;
/**
 * How long a decision without Undo, or what an undo did, is said (Ant Design's message default).
 */
export const SAVED_NOTICE_SECONDS = 3;

/**
 * Says that a card's decision was saved, in the one decision notice (DecisionNoticeHost.tsx); when core
 * can undo it (it flipped the item's selected flag), the notice names the item, says what undo
 * cannot take back, and offers Undo for ten seconds. Undo asks core, which re-reads the item first
 * and leaves it if someone changed it since; the notice then says which, and `after` reloads the
 * list either way. A failed undo is an error message, as a failed decision is.
 */
export function useDecisionNotice() {
  const { message } = AntApp.useApp();
  const show = useShowDecisionNotice();
  return useCallback(
    (saved: string, subject: string, result: DecisionResult, after: () => void) => {
      const { undoId } = result;
      if (!undoId) {
        show({ text: saved, tone: 'success', seconds: SAVED_NOTICE_SECONDS });
        return;
      }
      const undo = async () => {
        try {
          const undone = await invoke('undo.decision', { undoId });
          show({
            text: undone.message,
            tone: undone.restored ? 'success' : 'warning',
            seconds: SAVED_NOTICE_SECONDS,
          });
          after();
        } catch (error) {
          void message.error(`Undo failed: ${errorText(error)}`);
        }
      };
      show({
        text: saved,
        tone: 'success',
        subject,
        note: result.cannotUndo ?? undefined,
        action: { label: 'Undo', run: () => void undo() },
        seconds: UNDO_NOTICE_SECONDS,
      });
    },
    [message, show],
  );
}
