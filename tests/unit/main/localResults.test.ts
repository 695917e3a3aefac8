import { afterEach, describe, expect, it } from 'vitest';
import {
  BRIDGE_CHANNELS,
  CHANNELS,
  resultSchemaOf,
  type BridgeChannel,
} from '../../../src/shared/bridge';
import type { DecisionResult } from '../../../src/shared/runs';
import { addBulkTweets, runCore, type RunCore } from '../../support/runHarness';
import { startSpecProvider, type SpecProvider } from '../../support/specProvider';

/**
 * A local service's channels declare what they answer as a schema (src/shared/bridge.ts), and
 * core's services answer what they declare.
 */

const SERVICE_GROUPS = [
  'runs',
  'prefs',
  'export',
  'journal',
  'undo',
  'outbox',
  'audit',
  'queues',
  'duplicates',
  'recordRuns',
];

let provider: SpecProvider | null = null;
let c: RunCore | null = null;
afterEach(async () => {
  c?.core.runs.halt();
  await c?.core.journals.closeAll();
  await provider?.close();
  provider = null;
  c = null;
});

describe("local services' declared results", () => {
  it('every channel of a local service declares its result schema, and no other channel does', () => {
    for (const channel of BRIDGE_CHANNELS) {
      const group = channel.slice(0, channel.indexOf('.'));
      const isService = CHANNELS[channel].kind === 'local' && SERVICE_GROUPS.includes(group);
      expect(resultSchemaOf(channel) !== null, channel).toBe(isService);
    }
  });

  it("core's services answer what their channels declare", async () => {
    provider = await startSpecProvider({ delayMs: 1 });
    const [kept] = addBulkTweets(provider, 3, 0);
    c = await runCore(provider);
    const answers: [BridgeChannel, unknown][] = [];
    const ask = async (channel: BridgeChannel, payload?: unknown) => {
      const answer = await c!.call(channel, payload as never);
      answers.push([channel, answer]);
      return answer;
    };
    const prepared = (await ask('runs.prepare', {
      filterType: 'tweets',
      action: 'eliminate',
      scope: { kind: 'chosen', ids: [kept!.id] },
    })) as { id: string };
    await c.waitFor(prepared.id, (run) => run.status === 'ready');
    await ask('runs.list');
    await ask('runs.discard', { id: prepared.id });
    await ask('prefs.get');
    await ask('prefs.setDensity', { density: 'compact' });
    const decided = (await c.call('review.manualChange', {
      filterType: 'tweets',
      case: 'manually-eliminate',
      tweetId: String(kept!.tweetId),
      twitterUserName: kept!.twitterUserName,
      shown: { id: kept!.id, selected: true, reviewedBy: null },
    })) as DecisionResult;
    expect(decided.undoId).toEqual(expect.any(String));
    await ask('journal.list', {});
    await ask('undo.last');
    expect(answers.map(([channel]) => channel)).toEqual([
      'runs.prepare',
      'runs.list',
      'runs.discard',
      'prefs.get',
      'prefs.setDensity',
      'journal.list',
      'undo.last',
    ]);
    for (const [channel, answer] of answers) {
      const read = resultSchemaOf(channel)!.safeParse(answer);
      expect(read.success, `${channel}: ${read.error?.message ?? ''}`).toBe(true);
    }
  });
});
