import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script of the project, without types
import * as untyped from '../../../scripts/cpuBusy.mjs';

interface CpuTimes {
  busy: number;
  total: number;
}
const { busyShare, cpuTimes, readCpuTimes } = untyped as {
  cpuTimes(stat: string): CpuTimes | null;
  busyShare(before: CpuTimes | null, after: CpuTimes | null): number | null;
  readCpuTimes(read?: () => string): CpuTimes | null;
};

const stat = (user: number, idle: number) =>
  `cpu  ${user} 0 ${user / 2} ${idle} 10 0 5 0 0 0\ncpu0 1 2 3 4 5 6 7 8 9 10\nintr 1\n`;

describe("the test command's reading of how busy the cores were", () => {
  it('reads the all-cores line: busy is user, nice, system, irq, softirq and steal', () => {
    expect(cpuTimes(stat(100, 300))).toEqual({ busy: 155, total: 465 });
  });

  it('gives the busy share between two readings', () => {
    expect(busyShare(cpuTimes(stat(100, 300)), cpuTimes(stat(400, 400)))).toBeCloseTo(450 / 550);
  });

  it('says nothing where it cannot tell', () => {
    expect(cpuTimes('intr 1 2 3\n')).toBeNull();
    expect(busyShare(null, cpuTimes(stat(1, 1)))).toBeNull();
    expect(busyShare(cpuTimes(stat(1, 1)), cpuTimes(stat(1, 1)))).toBeNull();
    expect(
      readCpuTimes(() => {
        throw new Error('no /proc here');
      }),
    ).toBeNull();
  });
});
