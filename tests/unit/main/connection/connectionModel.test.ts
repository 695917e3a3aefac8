import { describe, expect, it } from 'vitest';
import {
  ConnectionModel,
  FIRST_PROBE_MS,
  LAST_PROBE_MS,
  SLOW_MS,
  type CallOutcome,
  type ConnectionState,
} from '../../../../src/main/core/connection/connectionModel';

/**
 * The connection model (issue 50): reachable, slow or unreachable from real calls' outcomes; an
 * answer of any status proves the provider there, a gateway's 502/503/504 or no answer does not;
 * while unreachable a probe with a doubling pause, stopped by the first answer.
 */

const answered = (status = 200, ms = 100): CallOutcome => ({ kind: 'answered', status, ms });
const noAnswer: CallOutcome = { kind: 'noAnswer', ms: 30_000 };

function setUp(probeAnswers: (CallOutcome | Error)[] = []) {
  const timers: { run: () => void; ms: number; id: number }[] = [];
  let next = 0;
  const changes: ConnectionState[] = [];
  let probes = 0;
  const model = new ConnectionModel({
    probe: async () => {
      probes += 1;
      const answer = probeAnswers.shift() ?? noAnswer;
      if (answer instanceof Error) throw answer;
      return answer;
    },
    onChange: (state) => changes.push(state),
    setTimer: (run, ms) => {
      const id = ++next;
      timers.push({ run, ms, id });
      return id;
    },
    clearTimer: (id) => {
      const at = timers.findIndex((t) => t.id === id);
      if (at !== -1) timers.splice(at, 1);
    },
  });
  /** Runs the pending timer, then lets its probe's answer be read. */
  const fire = async () => {
    const timer = timers.shift();
    if (!timer) throw new Error('no timer pending');
    timer.run();
    await new Promise((resolve) => setTimeout(resolve, 0));
    return timer.ms;
  };
  return { model, changes, timers, fire, probes: () => probes };
}

describe('the connection model', () => {
  it('stays reachable on any answer of the provider, a refusal or a 500 included', () => {
    const { model, changes } = setUp();
    for (const status of [200, 400, 404, 409, 500]) model.note(answered(status));
    expect(model.state).toBe('reachable');
    expect(changes).toEqual([]);
  });

  it('is unreachable after two calls in a row without an answer, or with a gateway’s 502, 503, 504', () => {
    for (const failure of [noAnswer, answered(502), answered(503), answered(504)]) {
      const { model, changes } = setUp();
      model.note(failure);
      expect(model.state).toBe('reachable');
      model.note(failure);
      expect(model.state).toBe('unreachable');
      expect(changes).toEqual(['unreachable']);
    }
    // One failure between answers is not two in a row.
    const { model } = setUp();
    model.note(noAnswer);
    model.note(answered());
    model.note(noAnswer);
    expect(model.state).toBe('reachable');
  });

  it('probes while unreachable with a doubling pause, and the first answer ends it', async () => {
    const { model, changes, fire, timers, probes } = setUp([
      noAnswer,
      answered(503),
      noAnswer,
      noAnswer,
      noAnswer,
      noAnswer,
      answered(200),
    ]);
    model.note(noAnswer);
    model.note(noAnswer);
    const pauses: number[] = [];
    while (timers.length) pauses.push(await fire());
    expect(pauses).toEqual([
      FIRST_PROBE_MS,
      2_000,
      4_000,
      8_000,
      16_000,
      LAST_PROBE_MS,
      LAST_PROBE_MS,
    ]);
    expect(probes()).toBe(7);
    expect(model.state).toBe('reachable');
    expect(changes).toEqual(['unreachable', 'reachable']);
    expect(timers).toEqual([]);
  });

  it('an answer to a real call while unreachable ends the probing at once', () => {
    const { model, timers } = setUp();
    model.note(noAnswer);
    model.note(noAnswer);
    expect(timers).toHaveLength(1);
    model.note(answered());
    expect(model.state).toBe('reachable');
    expect(timers).toEqual([]);
    expect(model.nextProbeMs).toBeNull();
  });

  it('is slow when the median of the last answers is over SLOW_MS, and reachable again after', () => {
    const { model, changes } = setUp();
    for (let i = 0; i < 5; i++) model.note(answered(200, SLOW_MS + 1_000));
    expect(model.state).toBe('slow');
    for (let i = 0; i < 3; i++) model.note(answered(200, 150));
    expect(model.state).toBe('reachable');
    expect(changes).toEqual(['slow', 'reachable']);
  });

  it('a probe that throws counts as no answer; stop() ends the probing', async () => {
    const { model, timers, fire, probes } = setUp([new Error('socket hang up')]);
    model.note(noAnswer);
    model.note(noAnswer);
    await fire();
    expect(probes()).toBe(1);
    expect(model.state).toBe('unreachable');
    expect(timers).toHaveLength(1);
    expect(model.nextProbeMs).toBe(2 * FIRST_PROBE_MS);
    model.stop();
    expect(timers).toEqual([]);
  });
});
