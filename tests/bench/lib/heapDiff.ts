/**
 * What a heap grew by between two snapshots (DevTools' .heapsnapshot format, as the long shift
 * writes them with BENCH_HEAP_SNAPSHOTS): objects counted and summed by their kind and constructor
 * name, the largest growths first.
 *
 *   npx tsx tests/bench/lib/heapDiff.ts before.heapsnapshot after.heapsnapshot [rows]
 */
import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

export interface Group {
  count: number;
  bytes: number;
}

/** Objects by "kind name" (e.g. "object Array", "closure onClick", "string"), with count and bytes. */
export function groupNodes(snapshot: Snapshot): Map<string, Group> {
  const fields = snapshot.snapshot.meta.node_fields;
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const types = snapshot.snapshot.meta.node_types[0];
  const groups = new Map<string, Group>();
  for (let i = 0; i < snapshot.nodes.length; i += width) {
    const type = types[snapshot.nodes[i + typeAt]!] ?? '?';
    // Strings and numbers are grouped by kind alone: their "name" is their content.
    const named = type === 'object' || type === 'closure' || type === 'native' || type === 'hidden';
    const key = named ? `${type} ${snapshot.strings[snapshot.nodes[i + nameAt]!]}` : type;
    const group = groups.get(key) ?? { count: 0, bytes: 0 };
    group.count += 1;
    group.bytes += snapshot.nodes[i + sizeAt]!;
    groups.set(key, group);
  }
  return groups;
}

export function growth(before: Map<string, Group>, after: Map<string, Group>) {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys]
    .map((key) => {
      const a = before.get(key) ?? { count: 0, bytes: 0 };
      const b = after.get(key) ?? { count: 0, bytes: 0 };
      return { key, count: b.count - a.count, bytes: b.bytes - a.bytes };
    })
    .sort((x, y) => y.bytes - x.bytes);
}

if (process.argv[1]?.endsWith('heapDiff.ts')) {
  const [beforePath, afterPath, rows = '40'] = process.argv.slice(2);
  const read = (path: string) => groupNodes(JSON.parse(readFileSync(path, 'utf8')) as Snapshot);
  const diff = growth(read(beforePath!), read(afterPath!));
  const total = diff.reduce((sum, d) => sum + d.bytes, 0);
  console.log(`grown by ${(total / 2 ** 20).toFixed(2)} MB in all`);
  for (const d of diff.slice(0, Number(rows)))
    console.log(
      `${(d.bytes / 1024).toFixed(0).padStart(8)} KiB ${String(d.count).padStart(8)}  ${d.key.slice(0, 100)}`,
    );
}
