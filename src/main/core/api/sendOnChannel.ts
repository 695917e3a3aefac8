import type { AxiosInstance } from 'axios';
import { CHANNELS, callOfChannel, type BridgeChannel } from '../../../shared/bridge';
import type { FilterType } from '../../../shared/bodies/review';
import { sendCall } from './sendCall';
import type { SessionValues } from './sessionValues';

/**
 * A provider channel's payload sent as its declared call: a channel by filter type picks the
 * tweets' or the news' call from the payload's `filterType`, which is not one of the call's fields.
 * The bridge's handlers send every call so, and the outbox its kept decisions.
 */
export function sendOnChannel(
  api: AxiosInstance,
  channel: BridgeChannel,
  payload: Record<string, unknown>,
  user: SessionValues,
  onStatus?: (status: number) => void,
  headers?: Record<string, string>,
): Promise<unknown> {
  const { filterType, ...rest } = payload as { filterType?: FilterType };
  const fields = CHANNELS[channel].kind === 'byFilterType' ? rest : payload;
  return sendCall(api, callOfChannel(channel, filterType)!, fields, user, onStatus, headers);
}
