/**
 * dqc-console:// links (DESIGN.md, Links into the app): Copy link in the desktop app gives
 * `dqc-console://open/<screen path>?<filters>`, and the OS hands such a link to the app, which
 * opens that screen. A link is text from outside: it opens only one of the console's own screens,
 * and what it carries is filters only. A parameter that could be a credential is dropped, and a
 * query longer than any filter is dropped whole. Main checks it (it cannot import the renderer's
 * routes); the renderer checks the path again against its route table.
 */

export const APP_LINK_SCHEME = 'dqc-console';
/** The one action a link names: open a screen. */
export const APP_LINK_HOST = 'open';
/** Longer than any screen's filters (a saved view's query is at most 4,000 characters too). */
export const MAX_APP_LINK_QUERY = 4000;
/** Bound on the whole link before it is parsed at all. */
const MAX_APP_LINK_LENGTH = 8192;

/** Never carried into the app, whatever their case: a link never holds a token or a password. */
export const APP_LINK_DROPPED_PARAMS: readonly string[] = [
  'secret',
  'token',
  'password',
  'access_token',
  'refresh_token',
];

/**
 * The first segment of every screen a link may open (the side menu's areas, the journal, About, the
 * shift panel, the Quality screen, the model runs: DESIGN.md, Extensions). The renderer's route table is the final
 * word; a unit test keeps this list covering it.
 */
export const APP_LINK_AREAS: readonly string[] = [
  'filter',
  'keyword',
  'cryptoCurrency',
  'market',
  'cryptoTag',
  'ecosystemTag',
  'mismatches',
  'configurations',
  'twitter-accounts',
  'journal',
  'shift',
  'quality',
  'queues',
  'model-runs',
  'about',
];

/**
 * The screen a link opens, as the router takes it ('/market/get-markets?contains=btc'), or null
 * when it is not one of ours: another scheme or action, a user or port, a path outside the
 * console's screens.
 */
export function appLinkTarget(raw: string): string | null {
  if (raw.length > MAX_APP_LINK_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== `${APP_LINK_SCHEME}:`) return null;
  if (url.hostname.toLowerCase() !== APP_LINK_HOST) return null;
  if (url.username || url.password || url.port) return null;
  const path = url.pathname.replace(/\/+$/, '');
  if (!/^(\/[A-Za-z0-9-]+)+$/.test(path)) return null;
  const area = path.split('/')[1]!;
  if (!APP_LINK_AREAS.includes(area)) return null;
  return path + queryOf(url.search);
}

/** The link's query without credentials, or nothing when it is too long to be filters. */
function queryOf(search: string): string {
  const text = search.replace(/^\?/, '');
  if (!text || text.length > MAX_APP_LINK_QUERY) return '';
  const params = new URLSearchParams(text);
  for (const name of [...new Set(params.keys())])
    if (APP_LINK_DROPPED_PARAMS.includes(name.toLowerCase())) params.delete(name);
  const kept = params.toString();
  return kept ? `?${kept}` : '';
}

/** The dqc-console:// link among a launch's arguments (Windows and Linux pass it there). */
export function appLinkInArgv(argv: readonly string[]): string | null {
  return argv.find((arg) => arg.toLowerCase().startsWith(`${APP_LINK_SCHEME}:`)) ?? null;
}
