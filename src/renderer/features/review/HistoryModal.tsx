import { Flex, Modal, Table, Typography } from 'antd';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import type { FilterType } from '../../../shared/bodies/review';
import { reviewTarget, type JournalEntry } from '../../../shared/journal';
import { useExtension, useExtensions } from '../../domain/insight/extensionsState';
import { PlainButton } from '../../ui/look/PlainButton';
import { SMALL_BUTTON } from '../../ui/look/plainLook';
import { sessionAtom } from '../../session/sessionAtoms';
import { mergeHistory, shortRunId } from './historyMerge';
import { Failed, historyTime, Outcome } from './HistoryParts';
import { MergedHistoryTable } from './MergedHistoryTable';
import { useItemHistory } from './useItemHistory';

/**
 * The user's own writes alone, newest first (DESIGN.md, Per-user local data): what History shows
 * without the server's.
 */
function JournalTable({ entries, loading }: { entries: JournalEntry[]; loading: boolean }) {
  return (
    <Table<JournalEntry>
      size="small"
      rowKey="seq"
      pagination={false}
      loading={loading}
      dataSource={entries}
      locale={{ emptyText: 'You have not changed this item from this machine.' }}
      columns={[
        { title: 'Time', dataIndex: 'at', render: (at: string) => historyTime(at) },
        { title: 'What', dataIndex: 'summary' },
        { title: 'Outcome', key: 'outcome', render: (_, entry) => <Outcome entry={entry} /> },
        {
          title: 'Run',
          dataIndex: 'runId',
          render: (runId: string | null) => (runId ? shortRunId(runId) : ''),
        },
      ]}
    />
  );
}

/** What the history is made of, said under it. */
const FOOTNOTES = {
  merged:
    "The server's record of every write to this item, with your own writes from this computer's journal; a write both recorded is shown once.",
  // The server was asked and offers no item history (DESIGN.md, Extensions).
  journalOnly:
    'This server does not keep item history: these are your own writes from this computer.',
  // Core has not said yet what the server offers.
  unknown: "Your own writes to this item, from this machine's journal.",
};

/**
 * One item's writes, newest first: the journal core keeps of the user's own writes (DESIGN.md,
 * Per-user local data) and, when the server keeps item history (DESIGN.md, Extensions), every write
 * the server recorded, by anyone, merged with it. A write journalled while it is open shows at
 * once.
 */
export function HistoryModal({
  filterType,
  id,
  onClose,
}: {
  filterType: FilterType;
  id: number;
  onClose(): void;
}) {
  const target = reviewTarget(filterType, id);
  const fromServer = useExtension('item-history');
  const known = useExtensions() !== null;
  const username = useAtomValue(sessionAtom)?.username ?? null;
  const { journal, server, reload } = useItemHistory(filterType, id, target, fromServer);
  const retry = () => void reload();

  const rows = useMemo(
    () =>
      server?.status === 'ok' && journal.status === 'ok'
        ? mergeHistory(server.entries, journal.entries, username)
        : [],
    [server, journal, username],
  );

  let body;
  if (journal.status === 'failed') body = <Failed message={journal.message} onRetry={retry} />;
  else if (!fromServer || server === null)
    body = (
      <JournalTable
        entries={journal.status === 'ok' ? journal.entries : []}
        loading={journal.status === 'loading'}
      />
    );
  else if (server.status === 'failed')
    // The journal is still worth showing: the server's part is what failed.
    body = (
      <Flex vertical gap={12}>
        <Failed
          message={`The server's history of this item could not be read: ${server.message}`}
          onRetry={retry}
        />
        <JournalTable entries={journal.status === 'ok' ? journal.entries : []} loading={false} />
      </Flex>
    );
  else
    body = (
      <MergedHistoryTable
        rows={rows}
        loading={server.status === 'loading' || journal.status === 'loading'}
      />
    );

  const footnote = fromServer
    ? FOOTNOTES.merged
    : known
      ? FOOTNOTES.journalOnly
      : FOOTNOTES.unknown;
  return (
    <Modal
      open
      title={`History of ${target}`}
      onCancel={onClose}
      footer={null}
      width={fromServer ? 1040 : 760}
    >
      {body}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {footnote}
      </Typography.Paragraph>
    </Modal>
  );
}

/**
 * A card's History button; the modal (and its calls) exists only while open. A plain button in
 * Button's classes (plainLook.ts): one on each of 20 cards that take new items on every page.
 */
export function HistoryButton({ filterType, id }: { filterType: FilterType; id: number }) {
  // Open for the item it was opened for: the card may be given another item meanwhile.
  const [openFor, setOpenFor] = useState<number | null>(null);
  const target = reviewTarget(filterType, id);
  return (
    <>
      <PlainButton
        look={SMALL_BUTTON}
        aria-label={`History of ${target}`}
        onClick={() => setOpenFor(id)}
      >
        History
      </PlainButton>
      {openFor === id && (
        <HistoryModal filterType={filterType} id={id} onClose={() => setOpenFor(null)} />
      )}
    </>
  );
}
