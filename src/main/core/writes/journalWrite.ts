import type { BridgeChannel } from '../../../shared/bridge';
import { journalled } from './journalled';
import type { UserJournals } from './userJournals';
import { areaOf, callText, isWriteChannel, summaryOf, targetOf } from './writeChannels';

type Handler = (payload: unknown) => Promise<unknown>;
/** Sends the call; tells `onStatus` the answer's status. */
type Sender = (payload: unknown, onStatus: (status: number) => void) => Promise<unknown>;

/**
 * A provider channel's handler that journals what it sends when the channel writes: when, which
 * call, the target, a summary, and the outcome (the answer's status, or the failure's). A read is
 * passed through untouched. The journal entry is written after the answer, before the page hears
 * of it (journalled.ts); a journal that fails never fails the write (UserJournals.record).
 */
export function journalWrite(
  channel: BridgeChannel,
  send: Sender,
  deps: { journals: UserJournals; username(): string | null },
): Handler {
  if (!isWriteChannel(channel)) return (payload) => send(payload, () => undefined);
  return async (payload) => {
    const fields = payload as Record<string, unknown>;
    const entry = {
      channel,
      call: callText(channel, fields),
      area: areaOf(channel),
      target: targetOf(channel, fields),
      summary: summaryOf(fields),
      before: null,
      runId: null,
    };
    return journalled(deps.journals, deps.username(), entry, (onStatus) => send(payload, onStatus));
  };
}
