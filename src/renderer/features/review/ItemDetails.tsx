import type { ReactNode } from 'react';
import type { ReviewItem } from '../../../shared/api/records';
import { formatProviderTime } from '../../ui/dates';
import { ExternalLink } from '../../ui/ExternalLink';
import { shown } from '../../ui/shown';
import { isNews } from './reviewChange';
import { highlightParts } from './reviewLogic';

/** One labelled value of a card. */
function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="dqc-detail">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * What a card says about its item (SPEC.md 3, Tweet item and News item): '-' for what is absent.
 * Plain elements, not Ant Design's Descriptions and Typography: twenty cards take new items on
 * every page switch, and those components were a large part of drawing them (docs/performance.md,
 * Review and the lists). The layout (three columns, two, one as the window narrows) and colours are
 * card.css's.
 */
export function ItemDetails({ item }: { item: ReviewItem }) {
  return (
    <>
      <p className="dqc-message dqc-card-message">
        {highlightParts(item.message, item.detectedKeyword).map((part, i) =>
          part.hit ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
        )}
      </p>
      <dl className="dqc-details">
        <Detail label="Url">
          {/* Asks before it leaves the console (RELIABILITY.md, checklist 15). */}
          <ExternalLink url={item.url} />
        </Detail>
        {!isNews(item) && (
          <>
            <Detail label="Tweet Id">{shown(item.tweetId)}</Detail>
            <Detail label="Tweet Time">{formatProviderTime(item.tweetTime)}</Detail>
          </>
        )}
        <Detail label="Detect Time">{formatProviderTime(item.detectTime)}</Detail>
        <Detail label="Detected Keyword">{item.detectedKeyword.join(', ') || '-'}</Detail>
        <Detail label="Unwanted Usage">{item.unwantedUsage.join(', ') || '-'}</Detail>
        <Detail label="Eliminated Keyword">{shown(item.eliminatedKeyword)}</Detail>
        {isNews(item) && (
          <>
            <Detail label="Currencies">
              {item.cryptoCurrencyList.map((c) => shown(c.symbol)).join(', ') || '-'}
            </Detail>
            <Detail label="Markets">
              {item.cryptoMarketList.map((m) => shown(m.name)).join(', ') || '-'}
            </Detail>
            <Detail label="Tags">{item.cryptoTagsList.join(', ') || '-'}</Detail>
          </>
        )}
      </dl>
    </>
  );
}
