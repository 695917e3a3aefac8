import { describe, expect, it } from 'vitest';
import { theme } from '../../../src/renderer/app/theme';

describe('theme', () => {
  it('animates modals in 300 ms and their backdrop in 150 ms (SPEC.md 9)', () => {
    expect(theme.components?.Modal).toMatchObject({
      motionDurationSlow: '0.3s',
      motionDurationMid: '0.15s',
    });
  });
});
