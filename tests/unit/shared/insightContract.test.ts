import { describe, expect, it } from 'vitest';
import { EXTENSION_CALLS, DATA_CALLS } from '../../../src/shared/api';
import { insightFilterBodySchema, usesInsight } from '../../../src/shared/bodies/reviewFilter';
import { CHANNELS } from '../../../src/shared/bridge';
import { readCapabilities } from '../../../src/shared/capabilities';
import { hasExtension } from '../../../src/shared/insight';

/**
 * DESIGN.md, Extensions, as a contract: the extension calls, the insight filter, and how
 * capabilities are read.
 */

describe('the extension calls', () => {
  it('are all under /dqc-extensions and none is a SPEC.md 7 call', () => {
    expect(EXTENSION_CALLS.length).toBeGreaterThan(0);
    for (const { id, call } of EXTENSION_CALLS)
      expect(call.path.startsWith('/dqc-extensions/'), id).toBe(true);
    for (const { id, call } of DATA_CALLS)
      expect(call.path.startsWith('/dqc-extensions'), id).toBe(false);
  });

  it('leave capabilities and the borderline filter to core: no channel sends them directly', () => {
    const channels = Object.keys(CHANNELS);
    expect(channels).toContain('extensions.get');
    expect(channels).toContain('insight.why');
    expect(channels).not.toContain('insight.capabilities');
    expect(channels).not.toContain('insight.filter');
    expect(channels).not.toContain('insight.count');
  });
});

describe('readCapabilities', () => {
  it('reads the list, dropping entries it cannot read and repeated names', () => {
    expect(
      readCapabilities({
        extensions: [
          { name: 'borderline', version: 1 },
          { name: '', version: 1 },
          { name: 'model-runs', version: '1' },
          { name: 'borderline', version: 2 },
          { name: 'item-history', version: 3, extra: true },
        ],
      }),
    ).toEqual([
      { name: 'borderline', version: 1 },
      { name: 'item-history', version: 3 },
    ]);
  });

  it.each([null, 'OK', 42, [], ['borderline'], { extensions: 'all' }, { extension: [] }])(
    'reads %j as none',
    (value) => {
      expect(readCapabilities(value)).toEqual([]);
    },
  );

  it('says whether one is offered', () => {
    const offered = readCapabilities({ extensions: [{ name: 'borderline', version: 1 }] });
    expect(hasExtension(offered, 'borderline')).toBe(true);
    expect(hasExtension(offered, 'model-runs')).toBe(false);
    expect(hasExtension(null, 'borderline')).toBe(false);
  });

  it('says whether one is offered at a version that has what is asked for', () => {
    const offered = readCapabilities({ extensions: [{ name: 'stories', version: 1 }] });
    expect(hasExtension(offered, 'stories')).toBe(true);
    expect(hasExtension(offered, 'stories', 2)).toBe(false);
    expect(hasExtension([{ name: 'stories', version: 3 }], 'stories', 2)).toBe(true);
  });
});

describe('the insight filter', () => {
  it('is SPEC.md 7 filter when it asks for nothing more', () => {
    const plain = insightFilterBodySchema.parse({});
    expect(plain.sortBy).toBe('desc');
    expect(usesInsight(plain)).toBe(false);
    expect(usesInsight({ sortBy: 'borderline' })).toBe(true);
    expect(usesInsight({ ratioFrom: 0 })).toBe(true);
    expect(usesInsight({ ratioTo: 1 })).toBe(true);
    expect(usesInsight({ modelRunId: 3 })).toBe(true);
    expect(usesInsight({ ratioFrom: null, ratioTo: null, modelRunId: null })).toBe(false);
  });

  it('refuses a ratio outside 0–1 and a range upside down', () => {
    expect(insightFilterBodySchema.safeParse({ ratioFrom: 1.5 }).success).toBe(false);
    expect(insightFilterBodySchema.safeParse({ ratioTo: -0.1 }).success).toBe(false);
    const upsideDown = insightFilterBodySchema.safeParse({ ratioFrom: 0.7, ratioTo: 0.3 });
    expect(upsideDown.success).toBe(false);
    expect(upsideDown.error?.issues[0]?.message).toBe('ratioFrom must not be above ratioTo');
    expect(insightFilterBodySchema.safeParse({ ratioFrom: 0.3, ratioTo: 0.3 }).success).toBe(true);
  });
});
