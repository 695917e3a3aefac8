import { Flex, Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { AuditSource } from '../../../shared/quality/auditRecord';
import type { AuditedIds } from '../../../shared/quality/estimatesChannel';
import type { RateEstimate } from '../../../shared/quality/estimateTypes';
import { auditedItemsHref } from '../../domain/audit/auditedLink';
import { rateText } from '../../domain/audit/rateText';
import { stratumLabel } from './qualityText';

const SOURCES: readonly AuditSource[] = ['tweets', 'news'];

interface Props {
  rate: RateEstimate;
  /** The audited items the rate's answers come from. */
  items: AuditedIds;
  /** The rate and the row, for the links' accessible names. */
  label: string;
}

/**
 * One figure: its value with the 95% interval and the answers it stands on, or "—" with "no
 * answers"; the strata it leaves out; and one link per source to Review with exactly the audited
 * items behind it.
 */
export function RateCell({ rate, items, label }: Props) {
  const text = rateText(rate);
  const answers = `${rate.answers} ${rate.answers === 1 ? 'answer' : 'answers'}`;
  return (
    <Flex vertical gap={2}>
      <span>{text ?? '—'}</span>
      <Typography.Text type="secondary">{text ? answers : 'no answers'}</Typography.Text>
      {text && rate.uncoveredStrata && rate.uncoveredStrata.length > 0 && (
        <Typography.Text type="secondary">
          Not covered: {rate.uncoveredStrata.map(stratumLabel).join(', ')}
        </Typography.Text>
      )}
      <Flex gap={8} wrap>
        {SOURCES.filter((source) => items[source].length > 0).map((source) => (
          <Link
            key={source}
            to={auditedItemsHref(source, items[source])}
            aria-label={`Review the ${items[source].length} audited ${source} behind ${label}`}
          >
            {items[source].length} {source}
          </Link>
        ))}
      </Flex>
    </Flex>
  );
}
