import { ConfigProvider, Empty, Flex, Typography } from 'antd';
import { useAtom, useAtomValue } from 'jotai';
import { useEffect, useMemo } from 'react';
import type { JournalEntry, JournalPage as Page } from '../../../shared/journal';
import { ReferenceList } from '../../ui/resource/ReferenceList';
import { runsAtom } from '../../domain/runs/runsState';
import type { ScreenProps } from '../../domain/screens/screens';
import { journalColumns } from './journalColumns';
import { JournalFilterForm } from './JournalFilterForm';
import { useJournalRefresh } from './journalRefresh';
import { JOURNAL_PAGE_SIZE, journalQueryAtom, useJournalLoad } from './journalState';

/** Where the journal is kept and for how long, under the list. */
export function keptText(page: Pick<Page, 'folder' | 'retentionDays'>): string {
  return page.folder === null
    ? 'Kept in memory for this session.'
    : `Kept on this machine in ${page.folder}; entries older than ${page.retentionDays} days are dropped.`;
}

const noWrites = () => (
  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No writes recorded yet." />
);

/**
 * /journal: every write the user made from this machine, newest first, filtered by time, area,
 * outcome and run, read a page at a time from core. It follows new entries as they are written.
 */
export default function JournalPage({ title }: ScreenProps) {
  const [query, setQuery] = useAtom(journalQueryAtom);
  const runs = useAtomValue(runsAtom);
  const [load, reload] = useJournalLoad();
  const columns = useMemo(() => journalColumns(runs), [runs]);

  useEffect(() => {
    void reload();
  }, [reload]);
  useJournalRefresh(() => void reload(true));

  const page = load.data;
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} style={{ marginTop: 0, marginBottom: 0 }}>
        {title}
      </Typography.Title>
      <JournalFilterForm
        filter={query.filter}
        onFilter={(filter) => setQuery({ filter, page: 0 })}
      />
      <ConfigProvider renderEmpty={noWrites}>
        <ReferenceList<JournalEntry>
          label="Journal entries"
          noun="journal"
          load={load}
          rows={page?.entries ?? []}
          total={page?.total ?? 0}
          page={query.page}
          pageSize={JOURNAL_PAGE_SIZE}
          onPage={(next) => setQuery({ ...query, page: next })}
          columns={columns}
          rowKey={(entry) => entry.seq}
          onRetry={() => void reload()}
        />
      </ConfigProvider>
      {page && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {keptText(page)}
        </Typography.Paragraph>
      )}
    </Flex>
  );
}
