import { Spin, Typography } from 'antd';
import { useId } from 'react';
import type { FilterType } from '../../../shared/bodies/review';
import type { KeywordImpactView } from '../../../shared/responses/insight';
import { formatProviderTime } from '../../ui/dates';
import { useExtension } from './extensionsState';
import { useKeywordImpact } from './keywordImpactLoad';
import {
  highlightParts,
  KEYWORD_IMPACT_LABEL,
  KEYWORD_IMPACT_MAX,
  SERVICE_NAMES,
  serviceFiguresText,
  servicesFirst,
  snippetOf,
} from './keywordImpactText';

export interface KeywordImpactProps {
  /** The keyword as typed; the preview asks the server (debounced) while it changes. */
  keyword: string;
  /** The service of the form it sits in: its figures and recent matches come first. */
  service: FilterType;
}

const MARK_STYLE = { background: 'var(--dqc-mark-bg)', color: 'inherit', padding: '0 1px' };

/** One recent match: its text with the keyword marked, when it was detected and its decision. */
function RecentMatch({
  match,
}: {
  match: KeywordImpactView['services'][number]['recent'][number];
}) {
  const cut = snippetOf(match.message, match.matches);
  return (
    <li style={{ marginBottom: 4 }}>
      <span style={{ overflowWrap: 'anywhere' }}>
        {highlightParts(cut.message, cut.matches).map((part, index) =>
          part.match ? (
            <mark key={index} style={MARK_STYLE}>
              {part.text}
            </mark>
          ) : (
            part.text
          ),
        )}
      </span>{' '}
      <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
        {`(${formatProviderTime(match.detectTime)}, ${match.selected ? 'kept' : 'eliminated'}${match.reviewed ? ', reviewed' : ''})`}
      </Typography.Text>
    </li>
  );
}

/**
 * What a keyword would touch before it is saved (the keyword-impact extension, DESIGN.md,
 * Extensions): items whose text holds it as whole words, per service, split into kept, eliminated
 * and reviewed, with the five most recent matches of the form's service, the keyword marked. The
 * figures are a polite live region, so a screen reader hears them change as the user types; while
 * the next answer is on its way the last one stays (it names its keyword) and a spinner shows only
 * if the wait is long, so the block does not flicker. A failed call says so in a line and never
 * blocks saving. Nothing at all when the server does not offer keyword-impact or nothing is typed.
 */
export function KeywordImpact({ keyword, service }: KeywordImpactProps) {
  const offered = useExtension('keyword-impact');
  const load = useKeywordImpact(keyword, offered);
  const recentId = useId();
  if (load.status === 'none') return null;

  const shown = load.status === 'loading' || load.status === 'ready' ? load.shown : null;
  const services = shown ? servicesFirst(shown, service) : [];
  const recent = services.find((s) => s.service === service)?.recent ?? [];
  return (
    <section
      aria-label={KEYWORD_IMPACT_LABEL}
      className="dqc-keyword-impact"
      style={{ textAlign: 'start', fontSize: 13, lineHeight: 1.5, margin: '4px 0 12px' }}
    >
      <div role="status" aria-live="polite" aria-busy={load.status === 'loading'}>
        {load.status === 'tooLong' && (
          <Typography.Text type="secondary">
            {`Only keywords of up to ${KEYWORD_IMPACT_MAX} characters are counted.`}
          </Typography.Text>
        )}
        {load.status === 'failed' && (
          <Typography.Text type="secondary">
            {`The items this keyword touches could not be counted (${load.message}). You can still save it.`}
          </Typography.Text>
        )}
        {load.status === 'loading' && !shown && (
          <Typography.Text type="secondary">
            Counting the items this keyword touches…
          </Typography.Text>
        )}
        {shown && (
          <>
            <Typography.Text strong>{`Items whose text holds “${shown.keyword}”`}</Typography.Text>{' '}
            <Spin size="small" spinning={load.status === 'loading'} delay={400} />
            <ul style={{ margin: '2px 0 0', paddingInlineStart: 20 }}>
              {services.map((figures) => (
                <li key={figures.service}>{serviceFiguresText(figures)}</li>
              ))}
            </ul>
          </>
        )}
      </div>
      {recent.length > 0 && (
        <div style={{ marginTop: 6 }}>
          <Typography.Text strong id={recentId}>
            {`Most recent in ${SERVICE_NAMES[service]}`}
          </Typography.Text>
          <ol aria-labelledby={recentId} style={{ margin: '2px 0 0', paddingInlineStart: 20 }}>
            {recent.slice(0, 5).map((match) => (
              <RecentMatch key={match.id} match={match} />
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}
