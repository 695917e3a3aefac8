import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

/**
 * Browser mode runs in its own process here, as `npm run start:browser` runs it: a request that
 * threw in one of its handlers would end that process, which a test in the same process as the
 * server could not see as plainly. Requests are written to the socket as raw bytes, so nothing
 * normalises them on the way (a URL parser would resolve `..` and `%2e%2e` before sending).
 */
const ROOT = join(__dirname, '../../..');
/** The text of a file planted beside the renderer folder: no answer may ever hold it. */
const PLANTED = `planted-${process.pid}-outside-the-renderer-folder`;
let child: ChildProcess;
let url: URL;

beforeAll(async () => {
  child = spawn(
    process.execPath,
    ['--import', 'tsx', join(__dirname, 'fixtures/fakeCoreBrowserMode.ts')],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, DQC_PLANTED_TEXT: PLANTED },
    },
  );
  const firstLine = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`browser mode exited with ${code}`)));
  });
  url = new URL(firstLine);
}, 60_000);

afterAll(() => {
  child.kill();
});

/** Sends raw bytes and resolves with what came back before the server closed the socket. */
function raw(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), '127.0.0.1', () => socket.write(text));
    let reply = '';
    socket.on('data', (chunk) => (reply += chunk.toString()));
    socket.on('close', () => resolve(reply));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      // A reset is one way of refusing; what matters is what the process does afterwards.
      error.code === 'ECONNRESET' ? resolve(reply) : reject(error),
    );
  });
}

/** Sends raw bytes and resolves with the answer's head, closing the socket (an upgrade stays open). */
function answerHead(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), '127.0.0.1', () => socket.write(text));
    let reply = '';
    const done = () => (socket.destroy(), resolve(reply.split('\r\n\r\n')[0]!));
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.includes('\r\n\r\n')) done();
    });
    socket.on('close', done);
    socket.on('error', reject);
  });
}

const upgrade = (target: string, extra = '', host = url.host, origin = url.origin) =>
  `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
  `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n` +
  `Origin: ${origin}\r\n${extra}\r\n`;
const plain = (target: string, extra = '', host = url.host) =>
  `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n${extra}\r\n`;

async function stillServes() {
  expect(child.exitCode).toBeNull();
  const page = await fetch(new URL('/', url.origin));
  expect(page.status).toBe(200);
  expect(await page.text()).toBe('<html>app</html>');
  const ws = new WebSocket(`ws://${url.host}/bridge${url.search}`, { origin: url.origin });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const answer = new Promise<string>((resolve) => ws.once('message', (d) => resolve(String(d))));
  ws.send(JSON.stringify({ id: 1, channel: 'app.info', payload: null }));
  expect(JSON.parse(await answer)).toMatchObject({ id: 1, envelope: { ok: true } });
  ws.close();
}

const secretQuery = () => url.search;
/** Each request, and the status it is refused with (a plain path that is not the bridge: 401). */
const cases: [string, () => string, number][] = [
  ['an upgrade to "//"', () => upgrade('//'), 400],
  ['an upgrade to "//bridge" with the secret', () => upgrade(`//bridge${secretQuery()}`), 400],
  ['an upgrade to "http://x"', () => upgrade('http://x'), 400],
  ['an upgrade in absolute form', () => upgrade(`${url.origin}/bridge${secretQuery()}`), 400],
  ['an upgrade with 10 KB of path', () => upgrade(`/${'a'.repeat(10 * 1024)}`), 401],
  ['an upgrade with a header that has no colon', () => upgrade('/bridge', 'NoColonHere\r\n'), 400],
  ['a GET of "//"', () => plain('//'), 400],
  ['a GET of "http://x"', () => plain('http://x'), 400],
  ['a GET in absolute form', () => plain(`${url.origin}/index.html`), 400],
  ['a GET with 10 KB of path', () => plain(`/${'a'.repeat(10 * 1024)}`), 404],
  ['a GET with a header that has no colon', () => plain('/', 'NoColonHere\r\n'), 400],
];

describe('browser mode refuses what it cannot parse and keeps serving', () => {
  it.each(cases)('%s', async (_name, request, status) => {
    const reply = await raw(request());
    // Refused with its status: never the page, never a switch to the bridge protocol.
    expect(reply).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    await stillServes();
  });
});

/** Ways out of the renderer folder, as a client that does not normalise its URLs sends them. */
const TRAVERSALS = [
  '/../planted.txt',
  '/../../../../../../../../etc/passwd',
  '/%2e%2e/planted.txt',
  '/%2E%2E/%2E%2E/%2E%2E/%2E%2E/%2E%2E/%2E%2E/etc/passwd',
  '/.%2e/planted.txt',
  '/assets/../../planted.txt',
  '/assets/..%2f..%2fplanted.txt',
  '/assets/%2e%2e%2f%2e%2e%2fplanted.txt',
  '/..%5cplanted.txt',
  '/assets\\..\\..\\planted.txt',
  '/%252e%252e/planted.txt',
  '/%c0%ae%c0%ae/planted.txt',
  '/..%00/planted.txt',
  '/downloads/..%2f..%2fplanted.txt',
];

describe('browser mode serves no file outside the renderer folder, whatever the raw path', () => {
  it('serves a file inside it to the same raw request (the control)', async () => {
    const reply = await raw(plain('/assets/a.js'));
    expect(reply).toMatch(/^HTTP\/1\.1 200 /);
    expect(reply).toContain('console.log("asset")');
  });

  it.each(TRAVERSALS)('GET %s gets 400 or 404, never the file', async (target) => {
    const reply = await raw(plain(target));
    expect(reply).toMatch(/^HTTP\/1\.1 40[04] /);
    expect(reply).not.toContain(PLANTED);
    expect(reply).not.toMatch(/root:.*:0:0:/);
  });
});

describe('browser mode refuses a foreign Host (DNS rebinding)', () => {
  it('on the bridge upgrade: 401 and no switch, even with the secret and our Origin', async () => {
    const withSecret = `/bridge${secretQuery()}`;
    for (const request of [
      upgrade(withSecret, '', 'evil.example'),
      upgrade(withSecret, '', 'evil.example', 'http://evil.example'),
      upgrade(withSecret, '', `evil.example:${url.port}`),
      upgrade(withSecret, '', `localhost:${url.port}`),
    ]) {
      expect(await answerHead(request)).toMatch(/^HTTP\/1\.1 401 /);
    }
    // The same upgrade with our own Host is taken: the Host alone made the difference.
    expect(await answerHead(upgrade(withSecret))).toMatch(/^HTTP\/1\.1 101 /);
    await stillServes();
  });

  it('on the page: 421 and not the page', async () => {
    const reply = await raw(plain('/', '', 'evil.example'));
    expect(reply).toMatch(/^HTTP\/1\.1 421 /);
    expect(reply).not.toContain('<html>app</html>');
  });
});
