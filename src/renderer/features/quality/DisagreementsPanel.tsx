import { Alert, Button, Card, Flex, Space, Spin, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { AuditProgress } from '../../../shared/quality/auditChannels';
import { SETTLE_CODES, type AuditDisagreement } from '../../../shared/quality/teamAuditChannels';
import { invoke } from '../../bridge/bridge';
import { BridgeCallError } from '../../bridge/bridgeError';
import { errorText } from '../../ui/errorText';

/** The texts of the Disagreements list (not in SPEC.md: the team audit is an extension). */
export const DISAGREEMENT_TEXTS = {
  title: 'Disagreements',
  none: 'No disagreements to settle.',
  ownAnswer: 'You answered this item yourself: a third reviewer settles it.',
  notOpen: 'This disagreement was settled already, or is one no more. The list was read again.',
  changed: 'The item changed since the list was read. Reload to see it as it is now.',
  reload: 'Reload',
  settled: (keep: boolean) => `Settled: ${keep ? 'Keep' : 'Eliminate'}.`,
};

const verdict = (kept: boolean) => (kept ? 'Keep' : 'Eliminate');

/** What a refused settlement says on its item. */
function refusalText(error: unknown): { text: string; reload: boolean } {
  if (error instanceof BridgeCallError) {
    if (error.code === SETTLE_CODES.ownAnswer)
      return { text: DISAGREEMENT_TEXTS.ownAnswer, reload: false };
    if (error.code === SETTLE_CODES.notOpen)
      return { text: DISAGREEMENT_TEXTS.notOpen, reload: false };
    if (error.code === SETTLE_CODES.changed)
      return { text: DISAGREEMENT_TEXTS.changed, reload: true };
  }
  return { text: errorText(error), reload: false };
}

type Loaded =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; offered: boolean; items: AuditDisagreement[] };

/**
 * The team sample's unsettled disagreements (the audit extension): each item's message, both
 * reviewers' answers and the classifier's decision (shown, since both have answered), with Keep
 * and Eliminate for a third reviewer to settle it. Drawn only when the progress says the sample is
 * the team's and the server offers the list; otherwise nothing.
 */
export function DisagreementsPanel({ progress }: { progress: AuditProgress | null }) {
  const team = progress?.source === 'team';
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  /** Per audit item: what its last settlement said, and whether a reload is offered. */
  const [notes, setNotes] = useState<
    Record<number, { text: string; reload: boolean; ok: boolean }>
  >({});
  const [busy, setBusy] = useState<number | null>(null);

  /** Raised to read the list again (after a settlement, or Reload). */
  const [round, setRound] = useState(0);
  const load = useCallback(() => setRound((count) => count + 1), []);

  useEffect(() => {
    if (!team) return;
    let live = true;
    invoke('audit.disagreements').then(
      (found) => {
        if (live)
          setLoaded({ status: 'ready', offered: found.offered, items: found.disagreements });
      },
      (error: unknown) => {
        if (live) setLoaded({ status: 'failed', message: errorText(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [team, round]);

  const settle = async (item: AuditDisagreement, keep: boolean) => {
    setBusy(item.sampleItemId);
    try {
      await invoke('audit.settle', {
        sampleItemId: item.sampleItemId,
        decision: keep ? 'keep' : 'eliminate',
        version: item.version,
      });
      setNotes((all) => ({
        ...all,
        [item.sampleItemId]: { text: DISAGREEMENT_TEXTS.settled(keep), reload: false, ok: true },
      }));
      load();
    } catch (error) {
      const refusal = refusalText(error);
      setNotes((all) => ({ ...all, [item.sampleItemId]: { ...refusal, ok: false } }));
      // Settled by someone else meanwhile: the list as it is now.
      if (error instanceof BridgeCallError && error.code === SETTLE_CODES.notOpen) load();
    } finally {
      setBusy(null);
    }
  };

  if (!team) return null;
  if (loaded.status === 'ready' && !loaded.offered) return null;
  // What was said of items the list no longer holds (settled here or elsewhere) stays above it.
  const unlisted = Object.entries(notes).filter(
    ([id]) =>
      loaded.status === 'ready' && !loaded.items.some((item) => item.sampleItemId === Number(id)),
  );
  const reload = (sampleItemId: number) => {
    setNotes(({ [sampleItemId]: _dropped, ...rest }) => rest);
    load();
  };
  return (
    <Card title={DISAGREEMENT_TEXTS.title} size="small">
      {loaded.status === 'loading' && <Spin />}
      {loaded.status === 'failed' && <Alert type="error" showIcon title={loaded.message} />}
      {unlisted.map(([id, note]) => (
        <Alert key={id} type={note.ok ? 'success' : 'warning'} showIcon title={note.text} />
      ))}
      {loaded.status === 'ready' && loaded.items.length === 0 && (
        <Typography.Text type="secondary">{DISAGREEMENT_TEXTS.none}</Typography.Text>
      )}
      {loaded.status === 'ready' && loaded.items.length > 0 && (
        <ul
          aria-label={DISAGREEMENT_TEXTS.title}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {loaded.items.map((item) => {
            const note = notes[item.sampleItemId];
            return (
              <li
                key={item.sampleItemId}
                aria-label={`${item.source === 'tweets' ? 'tweet' : 'news'} ${item.itemId}`}
                style={{ padding: '8px 0' }}
              >
                <Flex vertical gap={4} style={{ width: '100%' }}>
                  <Typography.Text>{item.card.message ?? '(no message)'}</Typography.Text>
                  <Typography.Text type="secondary">
                    {item.answers
                      .map((answer) => `${answer.reviewer}: ${verdict(answer.answerKept)}`)
                      .join(' · ')}
                    {` · Classifier: ${item.classifierKept ? 'Kept' : 'Eliminated'} (ratio ${item.ratio})`}
                  </Typography.Text>
                  <Space>
                    <Button
                      loading={busy === item.sampleItemId}
                      disabled={busy !== null}
                      onClick={() => void settle(item, true)}
                    >
                      Keep
                    </Button>
                    <Button
                      loading={busy === item.sampleItemId}
                      disabled={busy !== null}
                      onClick={() => void settle(item, false)}
                    >
                      Eliminate
                    </Button>
                  </Space>
                  {note && !note.ok && (
                    <Alert
                      type="warning"
                      showIcon
                      title={note.text}
                      action={
                        note.reload ? (
                          <Button size="small" onClick={() => reload(item.sampleItemId)}>
                            {DISAGREEMENT_TEXTS.reload}
                          </Button>
                        ) : undefined
                      }
                    />
                  )}
                </Flex>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
