import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

/**
 * Browser mode runs in its own process here, as `npm run start:browser` runs it: a request that
 * threw in one of its handlers would end that process, which a test in the same process as the
 * server could not see as plainly.
 */
const ROOT = join(__dirname, '../../..');
let child: ChildProcess;
let url: URL;

beforeAll(async () => {
  child = spawn(
    process.execPath,
    ['--import', 'tsx', join(__dirname, 'fixtures/fakeCoreBrowserMode.ts')],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
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

const upgrade = (target: string, extra = '') =>
  `GET ${target} HTTP/1.1\r\nHost: ${url.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
  `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n` +
  `Origin: ${url.origin}\r\n${extra}\r\n`;
const plain = (target: string, extra = '') =>
  `GET ${target} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n${extra}\r\n`;

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
const cases: [string, () => string][] = [
  ['an upgrade to "//"', () => upgrade('//')],
  ['an upgrade to "//bridge" with the secret', () => upgrade(`//bridge${secretQuery()}`)],
  ['an upgrade to "http://x"', () => upgrade('http://x')],
  ['an upgrade in absolute form', () => upgrade(`${url.origin}/bridge${secretQuery()}`)],
  ['an upgrade with 10 KB of path', () => upgrade(`/${'a'.repeat(10 * 1024)}`)],
  ['an upgrade with a header that has no colon', () => upgrade('/bridge', 'NoColonHere\r\n')],
  ['a GET of "//"', () => plain('//')],
  ['a GET of "http://x"', () => plain('http://x')],
  ['a GET in absolute form', () => plain(`${url.origin}/index.html`)],
  ['a GET with 10 KB of path', () => plain(`/${'a'.repeat(10 * 1024)}`)],
  ['a GET with a header that has no colon', () => plain('/', 'NoColonHere\r\n')],
];

describe('browser mode refuses what it cannot parse and keeps serving', () => {
  it.each(cases)('%s', async (_name, request) => {
    const reply = await raw(request());
    // Refused: a 4xx status line, or the socket closed with nothing sent; never the page, never
    // a switch to the bridge protocol.
    expect(reply).not.toMatch(/^HTTP\/1\.1 (101|200)/);
    if (reply) expect(reply).toMatch(/^HTTP\/1\.1 4\d\d/);
    await stillServes();
  });
});
