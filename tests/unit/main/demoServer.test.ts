import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { startDemoServer, type ChildLike } from '../../../src/main/core/demoServer';

function fakeChild() {
  const stdout = new EventEmitter();
  const stderr = new EventEmitter();
  const child = Object.assign(new EventEmitter(), { stdout, stderr, kill: vi.fn() });
  return child as typeof child & ChildLike;
}

describe('embedded demo server launcher', () => {
  it('passes port 0, the data folder and the password key, and resolves with the URL of the ready line', async () => {
    const child = fakeChild();
    const spawn = vi.fn(() => child);
    const started = startDemoServer(spawn, { dataDir: '/data', passwordKey: 'k'.repeat(16) });
    expect(spawn).toHaveBeenCalledWith({
      DQC_SERVER_PORT: '0',
      DQC_DATA_DIR: '/data',
      DQC_PASSWORD_KEY: 'k'.repeat(16),
    });
    child.stdout.emit('data', 'migrating…\nDQC reference server listen');
    child.stdout.emit('data', 'ing on http://127.0.0.1:43123 (PGlite at /data)\n');
    const server = await started;
    expect(server.url).toBe('http://127.0.0.1:43123');
    server.stop();
    expect(child.kill).toHaveBeenCalled();
  });

  it('rejects with what the server said when it exits before it is ready', async () => {
    const child = fakeChild();
    const started = startDemoServer(() => child, { dataDir: '/d', passwordKey: 'k' });
    child.stderr.emit('data', 'DQC reference server failed to start: disk full');
    child.emit('exit', 1);
    await expect(started).rejects.toThrow(/code 1.*disk full/);
  });

  it('gives up and stops the process after the timeout', async () => {
    const child = fakeChild();
    await expect(
      startDemoServer(() => child, { dataDir: '/d', passwordKey: 'k', timeoutMs: 20 }),
    ).rejects.toThrow(/did not start/);
    expect(child.kill).toHaveBeenCalled();
  });
});
