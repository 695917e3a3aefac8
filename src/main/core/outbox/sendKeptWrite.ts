import type { AxiosInstance } from 'axios';
import { BRIDGE_CHANNELS, isCheckedChannel, type BridgeChannel } from '../../../shared/bridge';
import { sendOnChannel } from '../api/sendOnChannel';
import type { SessionValues } from '../api/sessionValues';
import { writingAs } from '../api/signedInName';
import { BridgeFailure } from '../bridgeFailure';
import type { KeptWrite } from './outboxLog';

const isDecisionChannel = (channel: string): channel is BridgeChannel =>
  (BRIDGE_CHANNELS as readonly string[]).includes(channel) &&
  isCheckedChannel(channel as BridgeChannel);

/**
 * Sends a kept decision's declared call as its own user (refused as SESSION_ENDED once anybody
 * else is signed in: signedInName.ts), with `headers` beside the call's own; resolves with the
 * answer's status. A file that names no card's decision (edited by hand) is refused, not sent.
 */
export async function sendKeptWrite(
  api: AxiosInstance,
  fromSession: SessionValues,
  write: KeptWrite,
  headers?: Record<string, string>,
): Promise<number> {
  if (!isDecisionChannel(write.channel))
    throw new BridgeFailure(400, 'NOT_A_DECISION', `${write.channel} is not a card's decision.`);
  let status = 0;
  await sendOnChannel(
    api,
    write.channel,
    { ...write.fields, filterType: write.filterType },
    writingAs(fromSession, write.username),
    (answered) => (status = answered),
    headers,
  );
  return status;
}
