/**
 * Bridge: the same data call from the page through the bridge and core to the
 * reference server, against a direct fetch of the same request from a page, p50 ratio <= 1.15.
 *
 * The figure: a page of the console (signed in) sends the call over browser mode's WebSocket
 * bridge; core (in its own process, as the desktop app's main process) checks it, sends the HTTP
 * request, reads the answer and sends it back. The floor: the same HTTP request (same path, body,
 * token) fetched by a page of the same Chromium. The reference server sends no CORS headers and
 * the console's CSP (connect-src 'self') forbids the console page to fetch it anyway, so the floor
 * page is opened on the server's own origin (its 404 page) and fetches same-origin: no preflight,
 * no proxy hop, the server's work and one loopback HTTP exchange, nothing else. Both are timed
 * inside their page with performance.now(), alternately, round after round.
 */
import { bridgePayloadSchemas, type BridgeChannel } from '../../../src/shared/bridge';
import { REVIEW_GROUPS, PROVIDER_GROUPS } from '../../../src/shared/api';
import type { AnyCall } from '../../../src/shared/api/call';
import { DEFAULT_START_DATE } from '../../../src/shared/constants';
import { startTestServer } from '../../support/testServer';
import { spread, type Figure } from '../lib/figures';
import { launchChromium } from '../lib/chromium';
import { runScenario } from '../lib/scenario';
import { openOnServer, openSignedIn } from '../browser/consolePage';
import { startCoreProcess } from '../browser/coreProcess';
import { directRequestOf, reviewListRequests } from '../browser/directRequest';
import { bridgeCall, directFetch, type DirectRequest, type TimedAnswer } from '../browser/inPage';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 150);
const WARM_UP = 20;
const USERNAME = 'reviewer1';

interface Measured {
  name: string;
  channel: BridgeChannel;
  payload: Record<string, unknown>;
  /** The requests core sends for it; more than one for review.list. */
  requests: DirectRequest[];
}

runScenario('bridge', async (notes) => {
  const server = await startTestServer('pglite');
  const core = await startCoreProcess(server.url);
  const browser = await launchChromium();
  try {
    const page = await openSignedIn(browser, core.url, USERNAME);
    const floorPage = await openOnServer(browser, server.url);
    const credentials = await core.credentials();
    const [{ id: tweetId } = { id: 0 }] = await server.context.db.query<{ id: number }>(
      'SELECT id FROM tweets ORDER BY id LIMIT 1',
    );

    const filter = { startDate: DEFAULT_START_DATE, sortBy: 'desc', startIndex: 3 };
    const single = (name: string, channel: BridgeChannel, payload: object, declared: AnyCall) => {
      // What core sends: the payload as its schema reads it (defaults filled), less filterType.
      const parsed = bridgePayloadSchemas[channel].parse(payload) as Record<string, unknown>;
      const { filterType: _filterType, ...fields } = parsed;
      return {
        name,
        channel,
        payload: payload as Record<string, unknown>,
        requests: [directRequestOf(declared, fields, credentials, USERNAME)],
      };
    };
    const listPayload = { filterType: 'tweets', filter };
    const calls: Measured[] = [
      single(
        'review filter page (20 tweets)',
        'review.filter',
        { filterType: 'tweets', ...filter },
        REVIEW_GROUPS.tweets.filter,
      ),
      {
        name: 'review.list: page + count + reviewed count',
        channel: 'review.list',
        payload: listPayload,
        requests: reviewListRequests(
          (bridgePayloadSchemas['review.list'].parse(listPayload) as { filter: object })
            .filter as Record<string, unknown>,
          credentials,
          USERNAME,
        ),
      },
      single(
        'keyword list (tweets)',
        'review.getKeywords',
        { filterType: 'tweets' },
        REVIEW_GROUPS.tweets.getKeywords,
      ),
      single(
        'market list ("a")',
        'markets.getMarketsIncludes',
        { text: 'a' },
        PROVIDER_GROUPS.markets.getMarketsIncludes,
      ),
      single(
        'crypto tag list ("e")',
        'tags.getCryptoTagsIncludes',
        { text: 'e' },
        PROVIDER_GROUPS.tags.getCryptoTagsIncludes,
      ),
      // A write that can be repeated: marking the same tweet reviewed by the same reviewer.
      single(
        'write: mark a tweet reviewed',
        'review.reviewed',
        { filterType: 'tweets', id: Number(tweetId) },
        REVIEW_GROUPS.tweets.reviewed,
      ),
    ];

    const figures: Figure[] = [];
    for (const call of calls) {
      const figure: number[] = [];
      const floor: number[] = [];
      const failures: string[] = [];
      const viaBridge = () =>
        page.evaluate(bridgeCall, { channel: call.channel, payload: call.payload });
      const direct = () => floorPage.evaluate(directFetch, call.requests);
      for (let round = 0; round < WARM_UP + ROUNDS; round++) {
        // Alternate which goes first, so that neither always meets a warmer server.
        const first = round % 2 === 0;
        const a: TimedAnswer = await (first ? viaBridge() : direct());
        const b: TimedAnswer = await (first ? direct() : viaBridge());
        const [bridged, fetched] = first ? [a, b] : [b, a];
        if (!bridged.ok) failures.push(`bridge: ${bridged.detail}`);
        if (!fetched.ok) failures.push(`fetch: ${fetched.detail}`);
        if (round < WARM_UP) continue;
        figure.push(bridged.ms);
        floor.push(fetched.ms);
      }
      if (failures.length > 0)
        throw new Error(`${call.name}: ${failures.length} failed calls, first: ${failures[0]}`);
      figures.push({
        scenario: 'bridge',
        name: `${call.name}: page → bridge → core → server`,
        unit: 'ms',
        value: spread(figure),
        floor: { name: 'direct fetch from a page', value: spread(floor) },
        judge: 'p50 ratio',
        target: 1.15,
        note: `${ROUNDS} rounds after ${WARM_UP}, alternating; ${call.requests.length} request(s)`,
      });
      console.log(
        `${call.name}: bridge p50 ${spread(figure).p50.toFixed(2)} ms, fetch p50 ${spread(floor).p50.toFixed(2)} ms`,
      );
    }
    notes.push(
      'Browser mode only: Electron IPC is not measured, since no Electron binary runs here. In the desktop app the figure would be the same call through ipcRenderer.invoke (preload) to the main process, timed in the renderer against a fetch of the same request from the renderer (a session with the server origin allowed), on the packaged app.',
      "The floor page is on the reference server's origin (same-origin fetch, no CORS, no proxy); core runs in a child process of its own, as the main process does.",
    );
    return figures;
  } finally {
    await browser.close();
    await core.close();
    await server.close();
  }
});
