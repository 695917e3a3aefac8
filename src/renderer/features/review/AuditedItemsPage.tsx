import { Alert, Button, Card, Flex, Skeleton, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { RELOAD_DELAY_MS } from '../../../shared/constants';
import { reviewTarget } from '../../../shared/journal';
import type { AuditSource } from '../../../shared/quality/auditRecord';
import { DecisionNoticeHost } from './DecisionNoticeHost';
import { ItemCard } from './ItemCard';
import { useAuditedItems, type AuditedRead } from './useAuditedItems';
import { useKeywordLists } from './useReviewList';

const itemsText = (count: number) => `${count} audited item${count === 1 ? '' : 's'}`;

/**
 * Review showing exactly the audited items a Quality figure links to
 * (`/filter?audited=<source>:<ids>`): each read by id and shown as an ordinary card, those the
 * provider no longer has listed as missing, and the way back to the ordinary list.
 */
export default function AuditedItemsPage({
  source,
  ids,
}: {
  source: AuditSource;
  ids: readonly number[];
}) {
  const navigate = useNavigate();
  const { reads, reload } = useAuditedItems(source, ids);
  const { lists } = useKeywordLists();
  const [focused, setFocused] = useState(0);
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (reloadTimer.current) clearTimeout(reloadTimer.current);
    },
    [],
  );
  // As on the list: read again shortly after a decision (SPEC.md 4's reload delay).
  const afterChange = useMemo(
    () => () => {
      if (reloadTimer.current) clearTimeout(reloadTimer.current);
      reloadTimer.current = setTimeout(reload, RELOAD_DELAY_MS);
    },
    [reload],
  );
  const found = (reads ?? []).filter(
    (read): read is Extract<AuditedRead, { status: 'found' }> => read.status === 'found',
  );
  const notFound = (reads ?? []).filter((read) => read.status !== 'found');

  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Flex justify="space-between" align="start" gap={8} wrap>
          <Typography.Title level={1} style={{ marginTop: 0 }}>
            {itemsText(ids.length)}
          </Typography.Title>
          <Button onClick={() => void navigate('/filter')}>Back to the list</Button>
        </Flex>
        <Typography.Text type="secondary">
          The {source} items behind an audit figure, as they are now.
        </Typography.Text>
      </Card>
      {reads === null ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <>
          {notFound.length > 0 && (
            <Alert
              type="warning"
              showIcon
              title={`${notFound.length} of ${ids.length} could not be shown`}
              description={
                <ul aria-label="Audited items not shown" style={{ margin: 0, paddingLeft: 20 }}>
                  {notFound.map((read) => (
                    <li key={read.id}>
                      {reviewTarget(source, read.id)}:{' '}
                      {read.status === 'failed'
                        ? `could not be read (${read.message})`
                        : 'missing (the provider no longer has it)'}
                    </li>
                  ))}
                </ul>
              }
            />
          )}
          <Flex vertical gap={12}>
            {found.map((read, index) => (
              <ItemCard
                key={read.id}
                item={read.item}
                filterType={source}
                keywords={lists[source]}
                focused={index === focused}
                onFocus={() => setFocused(index)}
                onChanged={afterChange}
              />
            ))}
          </Flex>
        </>
      )}
      <DecisionNoticeHost />
    </Flex>
  );
}
