import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDispatcher, type BridgeHandlers } from '../../../src/main/core/bridge/dispatcher';
import { silentLogger } from '../../../src/main/core/log';
import { BRIDGE_CHANNELS, bridgePayloadSchemas } from '../../../src/shared/bridge';
import { fuzzSeed, randomSeedLine } from '../../support/fuzz/fuzzSeed';

/**
 * RELIABILITY.md: every bridge channel, fed anything a compromised or buggy page could send, answers
 * with an envelope: either the payload passed its schema and reached the handler as parsed, or
 * a 400 that names the channel and what is wrong, and no handler ran. Never a throw, never a
 * polluted prototype.
 */

function recordingHandlers() {
  const calls: { channel: string; payload: unknown }[] = [];
  const handlers = Object.fromEntries(
    BRIDGE_CHANNELS.map((channel) => [
      channel,
      async (payload: unknown) => {
        calls.push({ channel, payload });
        return 'handled';
      },
    ]),
  ) as unknown as BridgeHandlers;
  return { handlers, calls };
}

/** Anything JSON or structured clone can carry, with the keys that poison prototypes. */
const junk = fc.anything({
  maxDepth: 3,
  withBigInt: false,
  withNullPrototype: true,
  withObjectString: true,
  withDate: true,
  // Leaves include any UTF-16 code unit, lone surrogates too.
  values: [
    fc.string({ unit: 'binary' }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
  ],
  key: fc.oneof(
    fc.string(),
    fc.constantFrom('__proto__', 'constructor', 'prototype', 'filterType', 'id', 'page'),
  ),
});

/** A payload the caller could hand core that no channel with a payload accepts. */
const notAnObject = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.string(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 5 }),
);

// Fixed unless DQC_FUZZ_SEED asks for another (tests/support/fuzz/fuzzSeed.ts).
const { seed: SEED, random: RANDOM_SEED } = fuzzSeed();
if (RANDOM_SEED) console.log(randomSeedLine('bridge fuzz', SEED));

function hasLoneSurrogate(value: unknown): boolean {
  if (typeof value === 'string') {
    // What the refusal protects: a URL cannot carry such text.
    try {
      encodeURIComponent(value);
      return false;
    } catch {
      return true;
    }
  }
  if (typeof value !== 'object' || value === null) return false;
  return Object.values(value).some(hasLoneSurrogate);
}

describe('bridge channels under malformed payloads', () => {
  it(`answers every one of the ${BRIDGE_CHANNELS.length} channels with an envelope, never a throw`, async () => {
    const { handlers, calls } = recordingHandlers();
    const dispatch = createDispatcher(handlers, silentLogger);
    const tally = { payloads: 0, handled: 0 };
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...BRIDGE_CHANNELS), junk, async (channel, payload) => {
        calls.length = 0;
        tally.payloads++;
        const envelope = await dispatch(channel, payload);
        const accepted = bridgePayloadSchemas[channel].safeParse(payload);
        if (accepted.success && !hasLoneSurrogate(payload)) {
          tally.handled++;
          expect(envelope).toEqual({ ok: true, data: 'handled' });
          expect(calls).toEqual([{ channel, payload: accepted.data }]);
        } else {
          expect(envelope.ok).toBe(false);
          if (envelope.ok) return;
          expect(envelope.error.status).toBe(400);
          expect(envelope.error.code).toBe('INVALID_PAYLOAD');
          expect(envelope.error.message.startsWith(`Invalid payload for ${channel}: `)).toBe(true);
          expect(calls).toEqual([]);
        }
      }),
      { seed: SEED, numRuns: 3000 },
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // RELIABILITY.md's figure: how many of the payloads a handler took, the rest refused.
    console.log(
      `[bridge fuzz] ${BRIDGE_CHANNELS.length} channels, ${tally.payloads} payloads, seed ${SEED}: ` +
        `${tally.handled} reached their handler as parsed, ${tally.payloads - tally.handled} refused with 400`,
    );
  });

  it('refuses a primitive, null or an array on every channel that takes a record', async () => {
    const { handlers, calls } = recordingHandlers();
    const dispatch = createDispatcher(handlers, silentLogger);
    const withPayload = BRIDGE_CHANNELS.filter(
      (channel) => !bridgePayloadSchemas[channel].safeParse(undefined).success,
    );
    expect(withPayload.length).toBeGreaterThan(60);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...withPayload), notAnObject, async (channel, payload) => {
        const envelope = await dispatch(channel, payload);
        expect(envelope).toMatchObject({ ok: false, error: { status: 400 } });
      }),
      { seed: SEED, numRuns: 1000 },
    );
    expect(calls).toEqual([]);
  });

  it('refuses text that is not valid Unicode before it can break a URL, naming the field', async () => {
    const { handlers, calls } = recordingHandlers();
    const dispatch = createDispatcher(handlers, silentLogger);
    const envelope = await dispatch('tags.getCryptoTagsIncludes', { text: 'btc\uD800' });
    expect(envelope).toMatchObject({ ok: false, error: { status: 400, code: 'INVALID_PAYLOAD' } });
    expect(!envelope.ok && envelope.error.message).toMatch(/text: text is not valid Unicode/);
    // A well-formed pair (an emoji) is ordinary text.
    expect(await dispatch('tags.getCryptoTagsIncludes', { text: 'btc 🚀' })).toMatchObject({
      ok: true,
    });
    expect(calls).toHaveLength(1);
  });

  it('names the field at fault, and a poisoned key reaches no handler', async () => {
    const { handlers, calls } = recordingHandlers();
    const dispatch = createDispatcher(handlers, silentLogger);
    const poisoned = JSON.parse('{"__proto__": {"polluted": true}, "username": 1}') as unknown;
    const envelope = await dispatch('session.signIn', poisoned);
    expect(envelope).toMatchObject({ ok: false, error: { status: 400 } });
    expect(!envelope.ok && envelope.error.message).toMatch(/username/);
    expect(calls).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
