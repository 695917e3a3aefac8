import { Empty, Flex, Segmented, Spin } from 'antd';
import { lazy, Suspense, useId, useMemo, useState, type CSSProperties } from 'react';
import type { JournalEntry } from '../../../shared/journal';
import { useDarkTheme } from '../../ui/themeChoice';
import { chartBuckets, chartSummary } from './shiftChartData';

/** @ant-design/plots is large: its own chunk, loaded when this screen first draws a chart. */
const ShiftChart = lazy(() => import('./ShiftChart'));

/** On the page for screen readers, out of sight: the chart's figures as a table. */
const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

type Period = 'shift' | 'today';

interface Props {
  entries: readonly JournalEntry[];
  shiftStart: number;
  todayStart: number;
  now: number;
}

/**
 * Items per 15 minutes for this shift or today, as a column chart with the same figures in a
 * visually hidden table (the chart's text alternative), and a summary under it for everyone.
 */
export function ShiftChartSection({ entries, shiftStart, todayStart, now }: Props) {
  const [period, setPeriod] = useState<Period>('shift');
  const dark = useDarkTheme();
  const captionId = useId();
  const data = useMemo(
    () => chartBuckets(entries, period === 'shift' ? shiftStart : todayStart, now),
    [entries, period, shiftStart, todayStart, now],
  );
  return (
    <Flex vertical gap={12}>
      <Segmented<Period>
        aria-label="Chart of"
        value={period}
        onChange={setPeriod}
        options={[
          { value: 'shift', label: 'This shift' },
          { value: 'today', label: 'Today' },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {data.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="No decisions in this period yet."
        />
      ) : (
        <>
          <Suspense fallback={<Spin aria-label="Loading the chart" />}>
            <ShiftChart data={data} dark={dark} />
          </Suspense>
          <p id={captionId} style={{ margin: 0 }}>
            {chartSummary(data)}
          </p>
          <table style={VISUALLY_HIDDEN} aria-describedby={captionId}>
            <caption>Items per 15 minutes</caption>
            <thead>
              <tr>
                <th scope="col">Quarter hour from</th>
                <th scope="col">Items</th>
              </tr>
            </thead>
            <tbody>
              {data.map((bucket) => (
                <tr key={bucket.start}>
                  <th scope="row">{bucket.time}</th>
                  <td>{bucket.items}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </Flex>
  );
}
