import { OUTBOX_TEXTS, type WaitingState } from '../../../shared/outbox';
import { usePlainLook } from '../../ui/look/plainLook';
import type { TagColor } from '../../ui/look/tagClass';

const MARKS: Record<WaitingState, { text: string; color: TagColor; help: string }> = {
  waiting: { text: OUTBOX_TEXTS.waitingMark, color: 'gold', help: OUTBOX_TEXTS.waitingMarkHelp },
  sending: { text: OUTBOX_TEXTS.waitingMark, color: 'gold', help: OUTBOX_TEXTS.waitingMarkHelp },
  conflict: { text: OUTBOX_TEXTS.conflictMark, color: 'orange', help: OUTBOX_TEXTS.seeOutbox },
  refused: { text: OUTBOX_TEXTS.refusedMark, color: 'red', help: OUTBOX_TEXTS.seeOutbox },
};

/**
 * The mark on a card whose decision waits in the outbox (issue 50): "Waiting" while it waits to be
 * sent; "Conflict" or "Not sent" when it needs the reviewer in the Outbox.
 */
export function WaitingMark({ state }: { state: WaitingState }) {
  const { tag } = usePlainLook();
  const mark = MARKS[state];
  return (
    <span className={`${tag(mark.color)} dqc-waiting-mark`} data-waiting={state} title={mark.help}>
      {mark.text}
    </span>
  );
}
