import { Tag, Typography, type TableProps } from 'antd';
import { Link } from 'react-router-dom';
import type { ModelRunChange, ModelRunView } from '../../../shared/responses/insight';
import { decisionChangeText, ratioChangeText } from './modelRunsTexts';
import { reviewItemLink } from './reviewThese';

/** The decision after the run, coloured as Review colours it; unchanged decisions stay plain. */
function Decision({ change }: { change: ModelRunChange }) {
  const text = decisionChangeText(change);
  if (change.oldSelected === change.newSelected) return <Typography.Text>{text}</Typography.Text>;
  return <Tag color={change.newSelected ? 'green' : 'red'}>{text}</Tag>;
}

/**
 * The changes table's columns: the item (a link that opens it on Review), its text cut to two
 * lines (the whole on hover, or with "more"), its ratio and decision before and after, and
 * whether a person had reviewed it.
 */
export function modelRunChangeColumns(
  service: ModelRunView['service'],
): TableProps<ModelRunChange>['columns'] {
  return [
    {
      key: 'item',
      title: 'Item',
      width: 110,
      render: (_, change) => (
        <Link
          to={reviewItemLink(service, change.itemId)}
          aria-label={`Open item ${change.itemId} on Review`}
        >
          {change.itemId}
        </Link>
      ),
    },
    {
      key: 'message',
      title: 'Message',
      render: (_, change) => (
        <Typography.Paragraph
          style={{ marginBottom: 0 }}
          title={change.message}
          ellipsis={{
            rows: 2,
            expandable: 'collapsible',
            symbol: (open) => (open ? 'less' : 'more'),
          }}
        >
          {change.message}
        </Typography.Paragraph>
      ),
    },
    {
      key: 'ratio',
      title: 'Ratio',
      width: 150,
      render: (_, change) => <span className="dqc-ratio">{ratioChangeText(change)}</span>,
    },
    {
      key: 'decision',
      title: 'Decision',
      width: 210,
      render: (_, change) => <Decision change={change} />,
    },
    {
      key: 'reviewed',
      title: 'Reviewed',
      width: 100,
      render: (_, change) => (change.reviewed ? 'Yes' : 'No'),
    },
  ];
}
