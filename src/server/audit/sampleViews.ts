import { stratumKey, type AuditSource } from '../../shared/quality/auditRecord';
import type { AuditSampleView } from '../../shared/responses/audit';
import type { Queryable } from '../db/database';

/** The order strata are listed in: tweets before news, kept before eliminated. */
export const STRATA = [
  { source: 'tweets', classifierKept: true },
  { source: 'tweets', classifierKept: false },
  { source: 'news', classifierKept: true },
  { source: 'news', classifierKept: false },
] as const satisfies readonly { source: AuditSource; classifierKept: boolean }[];

export const isoOf = (value: Date | string) => new Date(value).toISOString();

interface SampleRow {
  id: string | number;
  window_from: Date | string;
  window_to: Date | string;
  requested_size: number;
  drawn: number;
  doubled: number;
  double_share: number;
  created_by: string;
  created_at: Date | string;
  active: boolean;
  items: string | number;
}

interface StratumRow {
  sample_id: string | number;
  service: AuditSource;
  classifier_kept: boolean;
  population: string | number;
  drawn: number;
}

/** The samples of `where` (a condition on audit_samples AS s), oldest first, with their strata. */
export async function sampleViews(
  db: Queryable,
  where: string,
  params: unknown[],
): Promise<AuditSampleView[]> {
  const rows = await db.query<SampleRow>(
    `SELECT s.id, s.window_from, s.window_to, s.requested_size, s.drawn, s.doubled, s.double_share,
            s.created_by, s.created_at,
            coalesce(s.id = (SELECT active_sample_id FROM audit_team), false) AS active,
            (SELECT count(*) FROM audit_items AS i WHERE i.sample_id = s.id) AS items
       FROM audit_samples AS s WHERE ${where} ORDER BY s.created_at, s.id`,
    params,
  );
  if (rows.length === 0) return [];
  const strata = await db.query<StratumRow>(
    `SELECT sample_id, service, classifier_kept, population, drawn FROM audit_strata
      WHERE sample_id = ANY($1::bigint[])`,
    [rows.map((row) => row.id)],
  );
  return rows.map((row) => {
    const id = Number(row.id);
    const own = strata.filter((stratum) => Number(stratum.sample_id) === id);
    return {
      id,
      from: isoOf(row.window_from),
      to: isoOf(row.window_to),
      requestedSize: Number(row.requested_size),
      drawn: Number(row.drawn),
      doubled: Number(row.doubled),
      doubleShare: Number(row.double_share),
      drawnBy: row.created_by,
      drawnAt: isoOf(row.created_at),
      active: row.active,
      items: Number(row.items),
      strata: STRATA.map((stratum) => {
        const found = own.find(
          (entry) =>
            entry.service === stratum.source && entry.classifier_kept === stratum.classifierKept,
        );
        return {
          ...stratum,
          key: stratumKey(stratum),
          population: found ? Number(found.population) : 0,
          drawn: found ? Number(found.drawn) : 0,
        };
      }),
    };
  });
}

/** The team's active sample, or null before the first draw. */
export async function activeSample(db: Queryable): Promise<AuditSampleView | null> {
  const [sample] = await sampleViews(db, 's.id = (SELECT active_sample_id FROM audit_team)', []);
  return sample ?? null;
}
