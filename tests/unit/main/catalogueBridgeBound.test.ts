/**
 * docs/performance.md, The server and the catalogue: the bridge never carries the whole catalogue.
 * Core in browser mode (the real WebSocket bridge) against the reference server seeded with 20,000
 * currencies: every message the page would receive while opening the Crypto Currency list, turning
 * a page and filtering stays under BOUND. The whole-catalogue channel is sent once through the same
 * bridge to show that the measure sees a whole answer (it is megabytes).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { startBrowserMode, type BrowserMode } from '../../../src/browser/browserMode';
import { silentLogger } from '../../../src/main/core/log';
import { seedDemoCurrencies } from '../../../src/server/seed/demoCurrencies';
import { seedDemoUsers } from '../../../src/server/seed/demoUsers';
import type { CataloguePage } from '../../../src/shared/catalogue';
import type { WsMessage } from '../../../src/shared/bridge';
import { coreFor, signedIn } from '../../support/coreBackends';
import { startTestServer, TEST_SCRYPT, type TestServer } from '../../support/testServer';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 600_000 });

/** The largest bridge message allowed while the list opens: 200 KiB (a page of 50 is ~50 KiB). */
const BOUND = 200 * 1024;
const CURRENCIES = 20_000;

describe('the bridge while the 20,000-currency list opens', () => {
  let server: TestServer;
  let mode: BrowserMode;
  let ws: WebSocket;
  /** The byte size of every message received, by request id. */
  const sizes = new Map<number, number>();
  const answers = new Map<number, (message: WsMessage) => void>();
  let nextId = 1;

  beforeAll(async () => {
    server = await startTestServer('pglite', { seedDemoData: false });
    await seedDemoUsers(server.context.db, TEST_SCRYPT);
    await seedDemoCurrencies(server.context.db, { catalogue: CURRENCIES });
    const core = await signedIn(coreFor(server.url), 'reviewer1');
    const root = mkdtempSync(join(tmpdir(), 'dqc-renderer-'));
    writeFileSync(join(root, 'index.html'), '<html>app</html>');
    mkdirSync(join(root, 'assets'));
    mode = await startBrowserMode({ core, rendererDir: root, port: 0, log: silentLogger });
    const secret = new URL(mode.url).searchParams.get('secret')!;
    ws = await new Promise<WebSocket>((resolve, reject) => {
      const socket = new WebSocket(`${mode.origin.replace('http', 'ws')}/bridge?secret=${secret}`, {
        origin: mode.origin,
        maxPayload: 256 * 1024 * 1024,
      });
      socket.once('open', () => resolve(socket));
      socket.once('error', reject);
    });
    ws.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as WsMessage;
      if (message.kind !== 'response') return;
      sizes.set(message.id, data.length);
      answers.get(message.id)?.(message);
    });
  });
  afterAll(async () => {
    ws?.close();
    await mode?.close();
    await server?.close();
  });

  /** Sends one request over the bridge; resolves with its data and the message's size. */
  const send = (channel: string, payload: unknown) => {
    const id = nextId++;
    return new Promise<{ data: unknown; bytes: number }>((resolve, reject) => {
      answers.set(id, (message) => {
        if (message.kind !== 'response') return;
        if (!message.envelope.ok) reject(new Error(message.envelope.error.message));
        else resolve({ data: message.envelope.data, bytes: sizes.get(id)! });
      });
      ws.send(JSON.stringify({ id, channel, payload }));
    });
  };

  it(`opens, turns pages and filters with every message under ${BOUND / 1024} KiB`, async () => {
    const opened = await send('currencies.cataloguePage', { contains: '', page: 0, fresh: true });
    const first = opened.data as CataloguePage;
    expect(first.total).toBe(CURRENCIES);
    expect(first.rows).toHaveLength(50);
    const turned = await send('currencies.cataloguePage', {
      contains: '',
      page: 399,
      fresh: false,
    });
    expect((turned.data as CataloguePage).page).toBe(399);
    const reopened = await send('currencies.cataloguePage', { contains: '', page: 0, fresh: true });
    expect(reopened.data).toEqual(first);
    const broad = await send('currencies.cataloguePage', {
      contains: 'coin',
      page: 0,
      fresh: true,
    });
    expect((broad.data as CataloguePage).total).toBeGreaterThan(1000);
    const largest = Math.max(opened.bytes, turned.bytes, reopened.bytes, broad.bytes);
    expect(largest).toBeLessThan(BOUND);

    // The same measure on the whole-catalogue channel: what the list used to carry.
    const whole = await send('currencies.getCurrencies', {});
    expect((whole.data as unknown[]).length).toBe(CURRENCIES);
    expect(whole.bytes).toBeGreaterThan(BOUND * 10);
  });
});
