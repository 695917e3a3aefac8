import type { AxiosInstance } from 'axios';
import { userInfoSchema } from '../../../shared/auth';
import type { AppInfo } from '../../../shared/bridge';
import type { SessionManager } from '../session/sessionManager';
import type { BridgeHandlers } from './dispatcher';
import { createCurrencyHandlers } from './currencyHandlers';
import { createKeywordHandlers } from './keywordHandlers';
import { createReviewHandlers } from './reviewHandlers';
import { serverAnswer } from './serverAnswer';

/** Every bridge channel's handler. Later features add theirs beside these. */
export function createHandlers(deps: {
  session: SessionManager;
  api: AxiosInstance;
  appInfo: AppInfo;
}): BridgeHandlers {
  const { session, api, appInfo } = deps;
  return {
    'app.info': async () => appInfo,
    'session.get': async () => {
      await session.restore();
      return session.view();
    },
    'session.signIn': (payload) => session.signIn(payload),
    'session.signOut': () => session.signOut('user'),
    'session.userInfo': async () => {
      const { data } = await api.get('/userinfo');
      return serverAnswer(userInfoSchema, data, 'user record');
    },
    ...createReviewHandlers({ api, session }),
    ...createKeywordHandlers(api),
    ...createCurrencyHandlers(api),
  };
}
