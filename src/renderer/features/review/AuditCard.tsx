import { Card } from 'antd';
import type { ReactNode } from 'react';
import type { BlindCard } from '../../../shared/quality/blindCard';
import { reviewTarget } from '../../../shared/journal';
import { formatProviderTime } from '../../ui/dates';
import { ExternalLink } from '../../ui/ExternalLink';
import { shown } from '../../ui/shown';
import './card.css';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="dqc-detail">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const listed = (values: readonly string[]) => values.join(', ') || '-';

/**
 * One blind audit card: only what a BlindCard holds (its text, link, account or website, times
 * and keywords), drawn field by field. Nothing here can tell the classifier's decision: no status
 * tag, ratio, eliminated keyword, review or change mark, and no history (which would).
 */
export function AuditCard({ card, children }: { card: BlindCard; children: ReactNode }) {
  const tweet = card.source === 'tweets';
  const title = tweet ? `@${shown(card.twitterUserName)}` : shown(card.website);
  return (
    <Card
      size="small"
      title={title}
      extra={reviewTarget(card.source, card.itemId)}
      role="region"
      aria-label="Audit card"
    >
      <p className="dqc-message dqc-card-message">{card.message ?? '-'}</p>
      <dl className="dqc-details">
        <Detail label="Url">
          <ExternalLink url={card.url ?? undefined} />
        </Detail>
        {card.accountName !== null && <Detail label="Account">{card.accountName}</Detail>}
        {tweet && <Detail label="Tweet Time">{formatProviderTime(card.tweetTime)}</Detail>}
        <Detail label="Detect Time">{formatProviderTime(card.detectTime)}</Detail>
        <Detail label="Detected Keyword">{listed(card.detectedKeyword)}</Detail>
        {!tweet && (
          <>
            <Detail label="Currencies">{listed(card.currencies)}</Detail>
            <Detail label="Markets">{listed(card.markets)}</Detail>
            <Detail label="Tags">{listed(card.tags)}</Detail>
          </>
        )}
      </dl>
      {children}
    </Card>
  );
}
