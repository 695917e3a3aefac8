import { Column, type ColumnConfig } from '@ant-design/plots';
import { theme } from 'antd';
import { chartTheme, readableAxis } from '../../ui/chartLook';
import type { ChartBucket } from './shiftChartData';

interface Props {
  data: readonly ChartBucket[];
  dark: boolean;
}

/**
 * The column chart of items per quarter hour. Its own chunk, imported only by the Shift page when
 * it shows a chart, so @ant-design/plots never loads with the shell. Drawn on a canvas, hidden
 * from assistive technology: the page gives the same figures as a table beside it. The colours are
 * the theme's tokens (the primary colour for the columns, the text colour for the axes), which
 * theme.ts keeps readable on each theme's background.
 */
export default function ShiftChart({ data, dark }: Props) {
  const { token } = theme.useToken();
  const axis = readableAxis(token);
  const config: ColumnConfig = {
    data: [...data],
    xField: 'time',
    yField: 'items',
    height: 260,
    autoFit: true,
    theme: chartTheme(dark),
    // A column stays a column when the chart has only a few quarters.
    style: { fill: token.colorPrimary, fillOpacity: 1, maxWidth: 48 },
    axis: {
      x: { ...axis, title: false, labelAutoHide: true },
      y: { ...axis, title: 'Items', tickCount: 4 },
    },
    scale: { y: { nice: true, domainMin: 0 } },
    tooltip: { items: [{ field: 'items', name: 'Items' }] },
    animate: false,
  };
  return (
    <div aria-hidden="true" className="dqc-shift-chart">
      <Column {...config} />
    </div>
  );
}
