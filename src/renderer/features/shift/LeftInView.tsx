import { Alert, Button, Flex, Spin, Typography } from 'antd';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { invoke } from '../../bridge/bridge';
import { errorText } from '../../ui/errorText';
import { lastReviewQueryAtom } from '../../domain/reviewFilter/lastReviewQuery';
import { toFilterBody, type ReviewFilterValues } from '../../domain/reviewFilter/reviewFilter';
import { reviewFilterFromQuery, reviewQueryOf } from '../../domain/reviewFilter/reviewQuery';

type Count =
  | { status: 'loading' }
  | { status: 'ready'; count: number }
  | { status: 'failed'; message: string };

/**
 * The Review screen's current filter with Is Reviewed = No: what is left to review there. A search
 * by data id is one item, not a view: its filter's fields are counted without the id.
 */
export function unreviewedFilter(query: string): ReviewFilterValues {
  const { filter } = reviewFilterFromQuery(query);
  return { ...filter, searchWithDataId: false, searchDataId: '', isReviewed: 'false' };
}

/** The least time between two reads of the count caused by new writes. */
export const COUNT_REFRESH_MS = 3000;

/** The filter's name for the two item types. */
const TYPE_NAME = { tweets: 'tweets', news: 'news items' } as const;

/**
 * What is left in the current Review view: the count call (SPEC.md 7) for the filter the Review
 * screen last showed, with Is Reviewed = No; a link opens those items on Review. Read when the
 * page opens and again after writes (`refreshKey` changes), at most every COUNT_REFRESH_MS.
 */
export function LeftInView({ refreshKey }: { refreshKey: number }) {
  const query = useAtomValue(lastReviewQueryAtom);
  const filter = useMemo(() => unreviewedFilter(query), [query]);
  const [count, setCount] = useState<Count>({ status: 'loading' });
  const latest = useRef(0);

  const read = useCallback(async () => {
    const ticket = ++latest.current;
    try {
      const answer = await invoke('review.countView', {
        filterType: filter.filterType,
        filter: toFilterBody(filter, 0),
      });
      if (ticket === latest.current) setCount({ status: 'ready', count: answer });
    } catch (error) {
      if (ticket === latest.current) setCount({ status: 'failed', message: errorText(error) });
    }
  }, [filter]);

  // At most one read per COUNT_REFRESH_MS: a bulk run journals many writes a second.
  const lastRead = useRef(0);
  useEffect(() => {
    const wait = Math.max(0, lastRead.current + COUNT_REFRESH_MS - Date.now());
    const timer = setTimeout(() => {
      lastRead.current = Date.now();
      void read();
    }, wait);
    return () => clearTimeout(timer);
  }, [read, refreshKey]);

  const reviewLink = `/filter${(() => {
    const text = reviewQueryOf(filter, 0);
    return text ? `?${text}` : '';
  })()}`;

  if (count.status === 'failed')
    return (
      <Alert
        type="error"
        showIcon
        title={`The count could not be read: ${count.message}`}
        action={
          <Button size="small" onClick={() => void read()}>
            Retry
          </Button>
        }
      />
    );
  return (
    <Flex gap={12} align="center" wrap>
      {count.status === 'loading' ? (
        <Spin size="small" aria-label="Counting" />
      ) : (
        <Typography.Text aria-live="polite">
          {`${count.count} ${TYPE_NAME[filter.filterType]} not reviewed in the current Review filter.`}
        </Typography.Text>
      )}
      <Link to={reviewLink}>Open them on Review</Link>
    </Flex>
  );
}
