import type { AuditProgress, StratumProgress } from '../../../shared/quality/auditChannels';

/**
 * Audit mode on Review (the blind audit sample): reached at `/filter?audit=1`, from Review's
 * title line, the shift panel and the Quality screen.
 */
export const AUDIT_MODE_PARAM = 'audit';
export const AUDIT_MODE_HREF = `/filter?${AUDIT_MODE_PARAM}=1`;

/** True when a Review query asks for Audit mode. */
export const isAuditMode = (query: string): boolean =>
  new URLSearchParams(query).get(AUDIT_MODE_PARAM) === '1';

const SOURCE_NAME = { tweets: 'Tweets', news: 'News' } as const;

/** A stratum's name, 'Tweets the classifier kept'. */
export function stratumName(stratum: Pick<StratumProgress, 'source' | 'classifierKept'>): string {
  return `${SOURCE_NAME[stratum.source]} the classifier ${stratum.classifierKept ? 'kept' : 'eliminated'}`;
}

/** A stratum key of `emptyStrata` ('news:eliminated') in words; the key itself if unknown. */
export function stratumKeyName(key: string): string {
  const match = /^(tweets|news):(kept|eliminated)$/.exec(key);
  return match
    ? stratumName({ source: match[1] as 'tweets' | 'news', classifierKept: match[2] === 'kept' })
    : key;
}

/** '12 of 200 answered'. */
export const answeredText = (sample: NonNullable<AuditProgress['sample']>): string =>
  `${sample.answered} of ${sample.drawn} answered`;

/** The shift panel's line: 'Audit: 12 answered today · 40 of 200 in this sample'. */
export const shiftAuditText = (progress: AuditProgress): string | null =>
  progress.sample
    ? `Audit: ${progress.answeredToday} answered today · ${progress.sample.answered} of ${progress.sample.drawn} in this sample`
    : null;
