import {
  RATE_NAMES,
  type AuditEstimates,
  type EstimateWithItems,
} from '../../../shared/quality/estimatesChannel';
import { RATE_LABELS, rateText } from '../../domain/audit/rateText';
import { groupLabel } from './qualityText';

export type ChartAxis = 'day' | 'modelRun' | 'sample';

/** One point of the chart: a rate's value (percent) at a day, model run or audit. */
export interface ChartPoint {
  at: string;
  rate: string;
  percent: number;
}

/** One step of the chart with each rate's text (value and interval), for its text alternative. */
export interface ChartStep {
  at: string;
  texts: string[];
}

function steps(
  estimates: AuditEstimates,
  axis: ChartAxis,
): { at: string; row: EstimateWithItems }[] {
  if (axis === 'sample')
    return estimates.samples.map((row) => ({
      at: `${row.current ? 'Current audit' : 'Audit'} drawn ${row.drawnAt.slice(0, 10)}`,
      row,
    }));
  // Model runs without a known run are left out: a line needs a place on the axis.
  return estimates.groups[axis]
    .filter((row) => row.group !== null)
    .map((row) => ({ at: groupLabel(axis, row.group), row }));
}

/** The chart's points (rates without an estimate are left out, never drawn as 0). */
export function chartPoints(estimates: AuditEstimates, axis: ChartAxis): ChartPoint[] {
  return steps(estimates, axis).flatMap(({ at, row }) =>
    RATE_NAMES.flatMap((rate) => {
      const value = row.estimate[rate].value;
      return value === null ? [] : [{ at, rate: RATE_LABELS[rate], percent: value * 100 }];
    }),
  );
}

/** The same figures as text, with their intervals and "—" where no answer bears on one. */
export function chartSteps(estimates: AuditEstimates, axis: ChartAxis): ChartStep[] {
  return steps(estimates, axis).map(({ at, row }) => ({
    at,
    texts: RATE_NAMES.map((rate) => rateText(row.estimate[rate]) ?? '—'),
  }));
}
