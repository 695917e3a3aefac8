import { Descriptions, Typography } from 'antd';
import type { ReviewItem } from '../../../shared/api/records';
import { formatProviderTime } from '../../ui/dates';
import { ExternalLink } from '../../ui/ExternalLink';
import { shown } from '../../ui/shown';
import { isNews } from './reviewChange';
import { highlightParts } from './reviewLogic';

/** What a card says about its item (SPEC.md 3, Tweet item and News item): '-' for what is absent. */
export function ItemDetails({ item }: { item: ReviewItem }) {
  return (
    <>
      <Typography.Paragraph className="dqc-message">
        {highlightParts(item.message, item.detectedKeyword).map((part, i) =>
          part.hit ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
        )}
      </Typography.Paragraph>
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
        <Descriptions.Item label="Url">
          {/* Asks before it leaves the console (RELIABILITY.md, checklist 15). */}
          <ExternalLink url={item.url} />
        </Descriptions.Item>
        {!isNews(item) && (
          <>
            <Descriptions.Item label="Tweet Id">{shown(item.tweetId)}</Descriptions.Item>
            <Descriptions.Item label="Tweet Time">
              {formatProviderTime(item.tweetTime)}
            </Descriptions.Item>
          </>
        )}
        <Descriptions.Item label="Detect Time">
          {formatProviderTime(item.detectTime)}
        </Descriptions.Item>
        <Descriptions.Item label="Detected Keyword">
          {item.detectedKeyword.join(', ') || '-'}
        </Descriptions.Item>
        <Descriptions.Item label="Unwanted Usage">
          {item.unwantedUsage.join(', ') || '-'}
        </Descriptions.Item>
        <Descriptions.Item label="Eliminated Keyword">
          {shown(item.eliminatedKeyword)}
        </Descriptions.Item>
        {isNews(item) && (
          <>
            <Descriptions.Item label="Currencies">
              {item.cryptoCurrencyList.map((c) => shown(c.symbol)).join(', ') || '-'}
            </Descriptions.Item>
            <Descriptions.Item label="Markets">
              {item.cryptoMarketList.map((m) => shown(m.name)).join(', ') || '-'}
            </Descriptions.Item>
            <Descriptions.Item label="Tags">
              {item.cryptoTagsList.join(', ') || '-'}
            </Descriptions.Item>
          </>
        )}
      </Descriptions>
    </>
  );
}
