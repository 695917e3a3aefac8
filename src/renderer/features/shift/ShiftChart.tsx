import { Column, type ColumnConfig } from '@ant-design/plots';
import { theme } from 'antd';
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
  const axis = {
    // G2's themes fade axis text to 45 % (too faint to read): full strength, in the text colour.
    labelFill: token.colorText,
    labelOpacity: 1,
    labelFillOpacity: 1,
    lineStroke: token.colorTextSecondary,
    lineStrokeOpacity: 1,
    tickStroke: token.colorTextSecondary,
    tickOpacity: 1,
    gridStroke: token.colorBorder,
    gridStrokeOpacity: 1,
    titleFill: token.colorText,
    titleOpacity: 1,
    titleFillOpacity: 1,
  };
  const config: ColumnConfig = {
    data: [...data],
    xField: 'time',
    yField: 'items',
    height: 260,
    autoFit: true,
    theme: { type: dark ? 'classicDark' : 'classic', view: { viewFill: 'transparent' } },
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
