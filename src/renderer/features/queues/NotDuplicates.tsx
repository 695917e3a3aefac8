import { App, Button, Table, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { Dismissal } from '../../../shared/workbench/duplicateChannels';
import { invoke } from '../../bridge/bridge';
import { setNotDuplicate } from '../../domain/duplicates/suggestionsLoader';
import { formatLocalTime } from '../../ui/dates';
import { errorText } from '../../ui/errorText';

const KIND_LABEL = { currency: 'Currency', market: 'Market' } as const;

/**
 * The pairs the user said are not duplicates (issue 49), newest first, then those the team said
 * where the server keeps them (the not-duplicates extension), each undone here: the pair is then
 * suggested again. Kept by core per user (duplicates.dismissed).
 */
export function NotDuplicates() {
  const { message } = App.useApp();
  const [list, setList] = useState<Dismissal[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    let live = true;
    invoke('duplicates.dismissed').then(
      (answer) => {
        if (!live) return;
        setList(answer);
        setFailure(null);
      },
      (error: unknown) => live && setFailure(errorText(error)),
    );
    return () => {
      live = false;
    };
  }, [asked]);
  const load = useCallback(() => setAsked((n) => n + 1), []);

  const undo = async (pair: Dismissal) => {
    try {
      const { kind, detected, catalogue } = pair;
      await setNotDuplicate({ kind, detected, catalogue }, false);
      void message.success(`${pair.detected} and ${pair.catalogue} may be suggested again`);
      load();
    } catch (error) {
      void message.error(errorText(error));
    }
  };

  return (
    <section aria-labelledby="not-duplicates">
      <Typography.Title level={2} id="not-duplicates" style={{ marginTop: 0 }}>
        Not duplicates
      </Typography.Title>
      {failure && <Typography.Text type="danger">Could not be read: {failure}</Typography.Text>}
      <Table<Dismissal>
        aria-label="Not duplicates"
        size="small"
        rowKey={(d) => `${d.kind}\n${d.detected}\n${d.catalogue}`}
        loading={list === null && failure === null}
        dataSource={list ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
        // The table's own empty text is too faint to read (axe: color-contrast).
        locale={{ emptyText: <Typography.Text>{'No pair has been dismissed.'}</Typography.Text> }}
        columns={[
          { title: 'Kind', key: 'kind', render: (_, d) => KIND_LABEL[d.kind] },
          { title: 'Detected', dataIndex: 'detected' },
          { title: 'Is not', dataIndex: 'catalogue' },
          { title: 'By', key: 'by', render: (_, d) => d.by ?? 'you' },
          { title: 'When', key: 'at', render: (_, d) => formatLocalTime(d.at) },
          {
            title: 'Actions',
            key: 'undo',
            render: (_, d) => (
              <Button size="small" onClick={() => void undo(d)}>
                Undo
              </Button>
            ),
          },
        ]}
      />
    </section>
  );
}
