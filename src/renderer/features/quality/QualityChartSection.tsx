import { Empty, Flex, Segmented, Spin } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { RATE_NAMES, type AuditEstimates } from '../../../shared/quality/estimatesChannel';
import { RATE_LABELS } from '../../domain/audit/rateText';
import { SR_ONLY_CLASS } from '../../ui/ScreenReaderOnly';
import { useDarkTheme } from '../../ui/themeChoice';
import { chartPoints, chartSteps, type ChartAxis } from './qualityChartData';

/** @ant-design/plots is large: its own chunk, loaded when this screen first draws a chart. */
const QualityChart = lazy(() => import('./QualityChart'));

const AXES: { value: ChartAxis; label: string }[] = [
  { value: 'day', label: 'Days' },
  { value: 'modelRun', label: 'Model runs' },
  { value: 'sample', label: 'Audits' },
];

/** The rates over days (the current audit), model runs, or one point per audit. */
export function QualityChartSection({ estimates }: { estimates: AuditEstimates }) {
  const [axis, setAxis] = useState<ChartAxis>('day');
  const dark = useDarkTheme();
  const points = useMemo(() => chartPoints(estimates, axis), [estimates, axis]);
  const steps = useMemo(() => chartSteps(estimates, axis), [estimates, axis]);
  const axisLabel = AXES.find((a) => a.value === axis)!.label;
  return (
    <Flex vertical gap={12}>
      <Segmented<ChartAxis>
        aria-label="Chart over"
        value={axis}
        onChange={setAxis}
        options={AXES}
        style={{ alignSelf: 'flex-start' }}
      />
      {points.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No estimate to chart yet." />
      ) : (
        <>
          <Suspense fallback={<Spin aria-label="Loading the chart" />}>
            <QualityChart data={points} dark={dark} />
          </Suspense>
          <table className={SR_ONLY_CLASS}>
            <caption>The chart's figures over {axisLabel.toLowerCase()}</caption>
            <thead>
              <tr>
                <th scope="col">{axisLabel}</th>
                {RATE_NAMES.map((rate) => (
                  <th key={rate} scope="col">
                    {RATE_LABELS[rate]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {steps.map((step) => (
                <tr key={step.at}>
                  <th scope="row">{step.at}</th>
                  {step.texts.map((text, i) => (
                    <td key={RATE_NAMES[i]}>{text}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </Flex>
  );
}
