import { Line, type LineConfig } from '@ant-design/plots';
import { theme } from 'antd';
import { chartTheme, readableAxis } from '../../ui/chartLook';
import type { ChartPoint } from './qualityChartData';

interface Props {
  data: readonly ChartPoint[];
  dark: boolean;
}

/**
 * The three rates as lines over days, model runs or audits. Its own chunk, imported only by the
 * Quality screen when it draws a chart (@ant-design/plots is large). On a canvas, hidden from
 * assistive technology: the screen gives the same figures, with intervals, as a table beside it.
 */
export default function QualityChart({ data, dark }: Props) {
  const { token } = theme.useToken();
  const axis = readableAxis(token);
  const config: LineConfig = {
    data: [...data],
    xField: 'at',
    yField: 'percent',
    colorField: 'rate',
    height: 260,
    autoFit: true,
    point: { shapeField: 'circle', sizeField: 3 },
    theme: chartTheme(dark),
    axis: {
      x: { ...axis, title: false, labelAutoHide: true },
      y: { ...axis, title: 'Percent', tickCount: 5 },
    },
    scale: { y: { domainMin: 0, domainMax: 100 } },
    legend: { color: { itemLabelFill: token.colorText, itemLabelFillOpacity: 1 } },
    animate: false,
  };
  return (
    <div aria-hidden="true" className="dqc-quality-chart">
      <Line {...config} />
    </div>
  );
}
