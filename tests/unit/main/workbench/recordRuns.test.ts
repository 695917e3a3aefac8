import { describe, expect, it } from 'vitest';
import { BridgeFailure } from '../../../../src/main/core/bridgeFailure';
import { callContext } from '../../../../src/main/core/bridge/callContext';
import {
  createRecordRuns,
  RUN_SESSION_ENDED,
  type RunWrite,
} from '../../../../src/main/core/workbench/recordRuns';

/**
 * Bulk runs on reference lists in core (issue 49): the frozen bodies written one after another
 * under the run's id, a refused one said with its reason while the others go on, a body that does
 * not fit its call not sent, and Cancel leaving the rest unwritten.
 */

const url = (n: number) => ({
  target: `https://x${n}.io`,
  payload: {
    uniqueName: `coin-${n}`,
    url: `https://x${n}.io`,
    name: `Coin ${n}`,
    isSpecific: false,
  },
});
const context = callContext(() => 'operator1');

describe('recordRuns', () => {
  it('writes each body under the run id; a refusal and a bad body are said, the rest written', async () => {
    const sent: { payload: Record<string, unknown>; runId: string }[] = [];
    const write: RunWrite = async (_channel, payload, runId) => {
      sent.push({ payload, runId });
      if (payload.url === 'https://x2.io')
        throw new BridgeFailure(500, 'HTTP_ERROR', 'Server error');
      return null;
    };
    const runs = createRecordRuns({ write });
    const started = await runs.start(
      {
        label: 'Delete 4 explorer urls',
        channel: 'mismatches.deleteMismatchExplorerUrl',
        items: [url(1), url(2), { target: 'broken', payload: { url: 42 } }, url(4)],
      },
      context,
    );
    expect(started).toMatchObject({ status: 'running', total: 4 });
    await runs.settled(started.id);
    const view = await runs.get({ id: started.id }, context);
    expect(view).toMatchObject({ status: 'done', done: 2, left: 0 });
    expect(view.failed).toEqual([
      { target: 'https://x2.io', message: 'Server error' },
      { target: 'broken', message: expect.stringMatching(/^Not sent: uniqueName: /) },
    ]);
    expect(sent.map((s) => s.payload.url)).toEqual([
      'https://x1.io',
      'https://x2.io',
      'https://x4.io',
    ]);
    expect(new Set(sent.map((s) => s.runId))).toEqual(new Set([started.id]));
    expect(sent[0]!.payload).toEqual(url(1).payload);
  });

  it('Cancel stops after the write under way and counts what was left', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let writes = 0;
    const runs = createRecordRuns({
      write: async () => {
        writes += 1;
        await gate;
      },
    });
    const started = await runs.start(
      {
        label: 'Delete 3 explorer urls',
        channel: 'mismatches.deleteMismatchExplorerUrl',
        items: [url(1), url(2), url(3)],
      },
      context,
    );
    const cancelling = runs.cancel({ id: started.id }, context);
    release();
    const view = await cancelling;
    expect(view).toMatchObject({ status: 'cancelled', done: 1, left: 2 });
    expect(writes).toBe(1);
  });

  it("a run is its user's own", async () => {
    const runs = createRecordRuns({ write: async () => null });
    const started = await runs.start(
      { label: 'x', channel: 'mismatches.deleteMismatchExplorerUrl', items: [url(1)] },
      context,
    );
    await expect(
      runs.get(
        { id: started.id },
        callContext(() => 'someone'),
      ),
    ).rejects.toMatchObject({
      code: 'NO_SUCH_RUN',
    });
  });

  it('stops when the session is no longer its user’s: nothing more is written, as anyone', async () => {
    const session = { user: 'operator1' as string | null };
    const asUsers: (string | null)[] = [];
    const runs = createRecordRuns({
      write: async (_channel, _payload, _runId, context) => {
        asUsers.push(context.userOrNull());
        // The user signs out, and another signs in, while the first write is answered.
        session.user = 'operator2';
      },
    });
    const started = await runs.start(
      {
        label: 'Delete 3 explorer urls',
        channel: 'mismatches.deleteMismatchExplorerUrl',
        items: [url(1), url(2), url(3)],
      },
      callContext(() => session.user),
    );
    await runs.settled(started.id);
    expect(asUsers).toEqual(['operator1']);
    session.user = 'operator1';
    expect(
      await runs.get(
        { id: started.id },
        callContext(() => 'operator1'),
      ),
    ).toMatchObject({
      status: 'cancelled',
      done: 1,
      left: 2,
      stopped: RUN_SESSION_ENDED,
    });
  });
});
