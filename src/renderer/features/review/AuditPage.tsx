import { QuestionCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Flex, Result, Skeleton, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useHotkeys } from 'react-hotkeys-hook';
import { Link, useNavigate } from 'react-router-dom';
import { AUDIT_DEFAULT_DAYS, AUDIT_DEFAULT_SIZE } from '../../../shared/quality/auditChannels';
import { hotkeysOf, useKeyMap } from '../../domain/prefs/prefsState';
import { AuditCard } from './AuditCard';
import { AuditProgressLine } from './AuditProgressLine';
import { AuditConflict } from './AuditConflict';
import { AUDIT_COMPLETE_TEXT, revealText } from './auditTexts';
import { DecisionNoticeHost } from './DecisionNoticeHost';
import { PAGE_KEY_OPTIONS } from '../../ui/pageKeys';
import { ShortcutHelp } from '../../ui/ShortcutHelp';
import { ANSWER_STAYS_COUNTED, useAuditMode, type AuditView } from './useAuditMode';
import { useUndoLast } from './useUndoLast';

/** Enter on a button or link is that control's own: the page's Enter is for elsewhere. */
const onControl = (event: KeyboardEvent) =>
  event.target instanceof Element && event.target.closest('button, a, [role="button"]') !== null;

/**
 * Audit mode on Review (`/filter?audit=1`): the audit sample's cards one at a time, blind, answered
 * Keep or Eliminate, then the reveal of what the classifier had decided, and Next. The page asks
 * nothing but the audit.* channels for its cards (useAuditMode.ts).
 */
export default function AuditPage() {
  const navigate = useNavigate();
  const audit = useAuditMode();
  const { view, progress, start, answer, toNext, load } = audit;
  const keys = useKeyMap();
  const [helpOpen, setHelpOpen] = useState(false);
  const openHelp = useCallback(() => setHelpOpen(true), []);

  const onCard = view.status === 'card' && !helpOpen;
  const blind = onCard && !view.settled && !view.answering;
  const settled = onCard && view.settled;
  const options = PAGE_KEY_OPTIONS;
  useHotkeys(hotkeysOf(keys, 'select'), () => void answer(true), { ...options, enabled: blind }, [
    answer,
  ]);
  useHotkeys(
    hotkeysOf(keys, 'eliminate'),
    () => void answer(false),
    { ...options, enabled: blind },
    [answer],
  );
  useHotkeys(hotkeysOf(keys, 'nextPage'), () => void toNext(), { ...options, enabled: settled }, [
    toNext,
  ]);
  useHotkeys(
    'enter',
    () => void toNext(),
    {
      ...options,
      enabled: settled,
      ignoreEventWhen: (event) => options.ignoreEventWhen(event) || onControl(event),
    },
    [toNext],
  );
  useHotkeys(hotkeysOf(keys, 'help'), openHelp, { preventDefault: true }, []);
  useUndoLast(hotkeysOf(keys, 'undo'), !helpOpen, () => undefined);

  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Flex justify="space-between" align="start" gap={8} wrap>
          <Typography.Title level={1} style={{ marginTop: 0 }}>
            Audit
          </Typography.Title>
          <Flex gap={12} align="center" wrap>
            <Button onClick={() => void navigate('/filter')}>Back to the list</Button>
            <Button
              icon={<QuestionCircleOutlined />}
              onClick={openHelp}
              aria-label="Keyboard shortcuts"
            >
              Shortcuts
            </Button>
          </Flex>
        </Flex>
        <Typography.Paragraph type="secondary">
          Items drawn at random: answer each as you would decide it, before you see what the
          classifier decided. Each answer is sent as your decision and journalled.
        </Typography.Paragraph>
        <AuditProgressLine progress={progress} />
      </Card>
      <AuditBody view={view} start={start} answer={answer} toNext={toNext} reload={load} />
      <DecisionNoticeHost />
      <ShortcutHelp open={helpOpen} keys={keys} onClose={() => setHelpOpen(false)} />
    </Flex>
  );
}

function AuditBody({
  view,
  start,
  answer,
  toNext,
  reload,
}: {
  view: AuditView;
  start(): void;
  answer(keep: boolean): void;
  toNext(): void;
  reload(): void;
}) {
  switch (view.status) {
    case 'loading':
      return <Skeleton active paragraph={{ rows: 4 }} />;
    case 'failed':
      return (
        <Result
          status="error"
          title="The audit could not be read"
          subTitle={view.message}
          extra={
            <Button type="primary" onClick={reload}>
              Try Again
            </Button>
          }
        />
      );
    case 'noSample':
      return (
        <Empty
          description={
            <>
              <Typography.Paragraph>There is no audit sample yet.</Typography.Paragraph>
              <Typography.Paragraph type="secondary">
                Start an audit to draw {AUDIT_DEFAULT_SIZE} items at random from the last{' '}
                {AUDIT_DEFAULT_DAYS} days: tweets and news, kept and eliminated alike.
              </Typography.Paragraph>
              {view.problem && <Alert type="error" showIcon title={view.problem} />}
            </>
          }
        >
          <Button type="primary" loading={view.starting} onClick={start}>
            Start an audit
          </Button>
        </Empty>
      );
    case 'complete':
      return (
        <Result
          status="success"
          title={AUDIT_COMPLETE_TEXT}
          subTitle={<Link to="/quality">See the estimates on the Quality screen</Link>}
          extra={<Button onClick={start}>Start another audit</Button>}
        />
      );
    case 'card':
      return (
        <AuditCard card={view.card}>
          {view.problem && (
            <Alert
              type={view.settled ? 'warning' : 'error'}
              showIcon
              title={view.problem}
              style={{ marginBottom: 12 }}
            />
          )}
          {view.settled ? (
            <Settled view={view} toNext={toNext} />
          ) : (
            <Flex gap={8}>
              <Button
                type="primary"
                loading={view.answering}
                onClick={() => answer(true)}
                aria-keyshortcuts="s"
              >
                Keep
              </Button>
              <Button
                danger
                loading={view.answering}
                onClick={() => answer(false)}
                aria-keyshortcuts="e"
              >
                Eliminate
              </Button>
            </Flex>
          )}
        </AuditCard>
      );
  }
}

/** The reveal (or, answered already, only the way on) and Next, which takes the focus. */
function Settled({
  view,
  toNext,
}: {
  view: Extract<AuditView, { status: 'card' }>;
  toNext(): void;
}) {
  const next = useRef<HTMLButtonElement>(null);
  useEffect(() => next.current?.focus({ preventScroll: true }), []);
  const { reveal } = view;
  const conflict = reveal?.decision.conflict;
  return (
    <Flex vertical gap={12}>
      {reveal && (
        <Alert
          type={reveal.agreed ? 'success' : 'info'}
          showIcon
          title={revealText(reveal)}
          description={reveal.decision.sent ? ANSWER_STAYS_COUNTED : undefined}
        />
      )}
      {conflict && <AuditConflict conflict={conflict} keep={reveal.answer.answerKept} />}
      <div>
        <Button ref={next} type="primary" onClick={toNext} aria-keyshortcuts="n">
          Next
        </Button>
      </div>
    </Flex>
  );
}
