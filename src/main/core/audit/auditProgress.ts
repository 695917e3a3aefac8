import type { AuditProgress } from '../../../shared/quality/auditChannels';
import { stratumKey, type AuditAnswer } from '../../../shared/quality/auditRecord';
import type { AuditState } from './auditStore';
import { STRATA } from './drawSample';

/** The local calendar day of a moment on this computer (the shift panel's "today"). */
const localDay = (time: Date): string =>
  `${time.getFullYear()}-${time.getMonth() + 1}-${time.getDate()}`;

/**
 * audit.current's answer: the sample's figures per stratum (its size in the window, drawn,
 * answered), and how many answers the user gave today in any sample.
 *
 * Counts only: no item and no card's stratum. Cards are served in a shuffled order, so their
 * place tells nothing; what a reviewer can always work out is what the answers revealed so far.
 */
export function progressOf({ sample, history }: AuditState, now: Date): AuditProgress {
  const today = localDay(now);
  const answers: AuditAnswer[] = [
    ...(sample?.answers ?? []),
    ...history.flatMap((set) => set.answers),
  ];
  const answeredToday = answers.filter((a) => localDay(new Date(a.answeredAt)) === today).length;
  if (!sample) return { sample: null, answeredToday, source: 'own' };
  const strata = STRATA.map((stratum) => {
    const key = stratumKey(stratum);
    return {
      key,
      source: stratum.source,
      classifierKept: stratum.classifierKept,
      population: sample.sizes[key] ?? 0,
      drawn: sample.items.filter((item) => stratumKey(item) === key).length,
      answered: sample.answers.filter((answer) => stratumKey(answer.stratum) === key).length,
    };
  });
  return {
    sample: {
      id: sample.id,
      window: sample.window,
      drawnAt: sample.drawnAt,
      size: sample.size,
      drawn: sample.items.length,
      answered: sample.answers.length,
      strata,
      emptyStrata: sample.emptyStrata,
    },
    answeredToday,
    source: 'own',
  };
}
