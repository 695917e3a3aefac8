import type { AxiosInstance } from 'axios';
import {
  BRIDGE_CHANNELS,
  CHANNELS,
  callOfChannel,
  type AppInfo,
  type BridgeChannel,
} from '../../../shared/bridge';
import type { FilterType } from '../../../shared/bodies/review';
import { sendCall, type SessionValues } from '../api/sendCall';
import { BridgeFailure } from '../bridgeFailure';
import type { SessionManager } from '../session/sessionManager';
import type { BridgeHandlers } from './dispatcher';
import { createReviewListHandler } from './reviewListHandler';

type Handler = (payload: unknown) => Promise<unknown>;

/**
 * Every bridge channel's handler: the few core answers itself, and for each provider channel the
 * one generic caller with the call its declaration names.
 */
export function createHandlers(deps: {
  session: SessionManager;
  api: AxiosInstance;
  appInfo: AppInfo;
}): BridgeHandlers {
  const { session, api, appInfo } = deps;
  const fromSession: SessionValues = () => {
    const name = session.view().username;
    if (!name) throw new BridgeFailure(401, 'SESSION_ENDED', 'You are not signed in.');
    return name;
  };

  const handlers: Partial<Record<BridgeChannel, Handler>> = {};
  for (const channel of BRIDGE_CHANNELS) {
    const kind = CHANNELS[channel].kind;
    if (kind === 'local') continue;
    handlers[channel] = (payload) => {
      const { filterType, ...rest } = payload as { filterType?: FilterType };
      const fields = kind === 'byFilterType' ? rest : (payload as Record<string, unknown>);
      return sendCall(api, callOfChannel(channel, filterType)!, fields, fromSession);
    };
  }

  const local: Pick<
    BridgeHandlers,
    'app.info' | 'session.get' | 'session.signIn' | 'session.signOut' | 'review.list'
  > = {
    'app.info': async () => appInfo,
    'session.get': async () => {
      await session.restore();
      return session.view();
    },
    'session.signIn': (payload) => session.signIn(payload),
    'session.signOut': () => session.signOut('user'),
    'review.list': createReviewListHandler(api, fromSession),
  };
  return { ...(handlers as BridgeHandlers), ...local };
}
