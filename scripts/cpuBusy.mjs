// How busy the machine's cores were over a stretch of time, from Linux's /proc/stat: the test
// command prints it for each group of stages, since on two cores a stage's time says as much about
// what ran beside it as about the stage (docs/testing.md).
import { readFileSync } from 'node:fs';

/** The first line of /proc/stat as busy and total jiffies; null where there is none. */
export function cpuTimes(stat) {
  const line = stat.split('\n').find((l) => l.startsWith('cpu '));
  if (!line) return null;
  const fields = line.trim().split(/\s+/).slice(1).map(Number);
  if (fields.length < 4 || fields.some((n) => !Number.isFinite(n))) return null;
  // user nice system idle iowait irq softirq steal (guest time is already in user and nice).
  const [user, nice, system, idle, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, total: busy + idle + iowait };
}

/** The share of the cores busy between two readings, 0 to 1; null where it cannot be told. */
export function busyShare(before, after) {
  if (!before || !after) return null;
  const total = after.total - before.total;
  return total > 0 ? (after.busy - before.busy) / total : null;
}

/** This machine's reading now; null off Linux. */
export function readCpuTimes(read = () => readFileSync('/proc/stat', 'utf8')) {
  try {
    return cpuTimes(read());
  } catch {
    return null;
  }
}
