import { describe, expect, it, vi } from 'vitest';
import { callContext, type CallContext } from '../../../src/main/core/bridge/callContext';
import { createDispatcher, type BridgeHandlers } from '../../../src/main/core/bridge/dispatcher';
import { bindService, type LocalService } from '../../../src/main/core/bridge/localServices';
import { createCore } from '../../../src/main/core/createCore';
import { silentLogger } from '../../../src/main/core/log';
import { createMemorySecretStore } from '../../../src/main/core/secrets/memorySecretStore';
import { DEFAULT_SETTINGS } from '../../../src/main/core/settings';
import type { RunView } from '../../../src/shared/runs';

/**
 * Local services are bound by their declaration (src/shared/bridge.ts): one method per channel of
 * the group, handed the checked payload and the call's context, whose user() is the one place
 * that answers a signed-out call with 401 SESSION_ENDED.
 */

const RUN_ID = 'run-0001-abcd';

/** A runs service whose methods record what they were handed. */
function recordingRuns() {
  const calls: { method: string; payload: unknown; user: string }[] = [];
  const answer =
    (method: string) =>
    async (payload: unknown, context: CallContext): Promise<RunView> => {
      calls.push({ method, payload, user: context.user() });
      return { id: RUN_ID } as RunView;
    };
  const service: LocalService<'runs'> = {
    list: async (_, context) => {
      calls.push({ method: 'list', payload: undefined, user: context.user() });
      return [];
    },
    prepare: answer('prepare'),
    start: answer('start'),
    pause: answer('pause'),
    resume: answer('resume'),
    cancel: answer('cancel'),
    retryFailed: answer('retryFailed'),
    undo: answer('undo'),
    discard: async (payload, context) => {
      calls.push({ method: 'discard', payload, user: context.user() });
      return null;
    },
  };
  return { service, calls };
}

function dispatcherOf(service: LocalService<'runs'>, user: { name: string | null }) {
  const handlers = bindService('runs', service) as BridgeHandlers; // the other groups are not asked
  return createDispatcher(handlers, silentLogger, () => user.name);
}

describe('a local service bound by its declaration', () => {
  it('answers each channel of its group with the method of that name, given the payload and the user', async () => {
    const { service, calls } = recordingRuns();
    const dispatch = dispatcherOf(service, { name: 'reviewer1' });
    await expect(dispatch('runs.start', { id: RUN_ID })).resolves.toEqual({
      ok: true,
      data: { id: RUN_ID },
    });
    await expect(dispatch('runs.list', undefined)).resolves.toEqual({ ok: true, data: [] });
    expect(calls).toEqual([
      { method: 'start', payload: { id: RUN_ID }, user: 'reviewer1' },
      { method: 'list', payload: undefined, user: 'reviewer1' },
    ]);
  });

  it('refuses a bad payload with a 400 that names the field, and never calls the service', async () => {
    const { service, calls } = recordingRuns();
    const dispatch = dispatcherOf(service, { name: 'reviewer1' });
    await expect(dispatch('runs.start', { id: 'Not A Run!' })).resolves.toEqual({
      ok: false,
      error: {
        status: 400,
        code: 'INVALID_PAYLOAD',
        message: 'Invalid payload for runs.start: id: is not a run id',
      },
    });
    const missing = await dispatch('runs.prepare', { filterType: 'tweets', action: 'eliminate' });
    expect(missing).toMatchObject({ ok: false, error: { status: 400, code: 'INVALID_PAYLOAD' } });
    expect(!missing.ok && missing.error.message).toMatch(
      /^Invalid payload for runs\.prepare: scope: /,
    );
    expect(calls).toEqual([]);
  });

  it('is refused when assembled without a method its declaration names', () => {
    const { service } = recordingRuns();
    const { retryFailed: _left, ...lacking } = service;
    expect(() => bindService('runs', lacking as LocalService<'runs'>)).toThrow(
      'The runs service has no retryFailed for the channel runs.retryFailed.',
    );
  });
});

describe('the session check, written once', () => {
  it('a call context answers 401 SESSION_ENDED when no one is signed in, and reads the session when asked', () => {
    const user = { name: null as string | null };
    const context = callContext(() => user.name);
    expect(() => context.user()).toThrow(
      expect.objectContaining({
        status: 401,
        code: 'SESSION_ENDED',
        message: 'You are not signed in.',
      }),
    );
    expect(context.userOrNull()).toBeNull();
    user.name = 'reviewer2';
    expect(context.user()).toBe('reviewer2');
    user.name = '';
    expect(context.userOrNull()).toBeNull();
  });

  it('a bound service called signed out gets 401 SESSION_ENDED, through the dispatcher', async () => {
    const { service, calls } = recordingRuns();
    const dispatch = dispatcherOf(service, { name: null });
    await expect(dispatch('runs.start', { id: RUN_ID })).resolves.toEqual({
      ok: false,
      error: { status: 401, code: 'SESSION_ENDED', message: 'You are not signed in.' },
    });
    expect(calls).toEqual([]);
  });

  it("core's runs, prefs, journal, undo and export services all answer a signed-out call so", async () => {
    const core = createCore({
      settings: DEFAULT_SETTINGS,
      apiUrl: 'http://127.0.0.1:1',
      demo: false,
      shell: 'browser',
      version: '1.0.0',
      secrets: createMemorySecretStore(),
      log: silentLogger,
      apiUrlSource: 'demo',
      settingsFiles: { user: null, machine: null },
    });
    const ended = {
      ok: false,
      error: { status: 401, code: 'SESSION_ENDED', message: 'You are not signed in.' },
    };
    const asks: [string, unknown][] = [
      ['runs.list', undefined],
      ['runs.start', { id: RUN_ID }],
      ['prefs.get', undefined],
      ['prefs.setDensity', { density: 'compact' }],
      ['journal.list', {}],
      ['undo.last', undefined],
      ['undo.decision', { undoId: 'u-1' }],
    ];
    for (const [channel, payload] of asks)
      await expect(core.dispatch(channel, payload), channel).resolves.toEqual(ended);
    core.runs.halt();
    await core.journals.closeAll();
  });
});

describe('the dispatcher', () => {
  it('hands a handler the context of its call: the user as the session says when asked', async () => {
    const seen: (string | null)[] = [];
    const user = { name: 'reviewer1' as string | null };
    const handlers = {
      'session.stale': vi.fn(async (_: undefined, context: CallContext) => {
        seen.push(context.userOrNull());
        return null;
      }),
    } as unknown as BridgeHandlers;
    const dispatch = createDispatcher(handlers, silentLogger, () => user.name);
    await dispatch('session.stale', undefined);
    user.name = null;
    await dispatch('session.stale', undefined);
    expect(seen).toEqual(['reviewer1', null]);
  });
});
