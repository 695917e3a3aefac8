import { Alert, Flex, Spin, Typography } from 'antd';
import { atom, useAtom } from 'jotai';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useExtension, useExtensions } from '../../domain/insight/extensionsState';
import type { ScreenProps } from '../../domain/screens/screens';
import {
  readModelRunsQuery,
  runChangesQueryOf,
  runsListQueryOf,
  type RunChangesQuery,
  type RunsListQuery,
} from './modelRunsQuery';
import { NOT_OFFERED_DETAIL, NOT_OFFERED_TEXT } from './modelRunsTexts';
import { RunDetail } from './RunDetail';
import { RunsList } from './RunsList';
import './modelRuns.css';

/** The list's query as the user last left it, so that "All model runs" returns to that page. */
const lastListQueryAtom = atom('');

/**
 * /model-runs: every run of the classifier and, opened (`?run=<id>`), what it changed. The screen
 * is the model-runs extension's (DESIGN.md, Extensions): against a server without it, a typed or
 * old link says so in a sentence and sends no call.
 */
export default function ModelRunsPage({ title }: ScreenProps) {
  const offered = useExtensions();
  const hasRuns = useExtension('model-runs');
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} style={{ marginTop: 0, marginBottom: 0 }}>
        {title}
      </Typography.Title>
      {offered === null ? (
        <Spin aria-label="Asking the server what it offers" />
      ) : hasRuns ? (
        <ModelRuns />
      ) : (
        <Alert type="info" showIcon title={NOT_OFFERED_TEXT} description={NOT_OFFERED_DETAIL} />
      )}
    </Flex>
  );
}

function ModelRuns() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const [lastListQuery, setLastListQuery] = useAtom(lastListQueryAtom);
  const query = readModelRunsQuery(search);
  const listQuery = query.kind === 'list' ? runsListQueryOf(query) : null;

  useEffect(() => {
    if (listQuery !== null) setLastListQuery(listQuery);
  }, [listQuery, setLastListQuery]);

  // A filter or a page replaces the URL's query; opening a run (a link) adds a history entry.
  const replace = (text: string) =>
    void navigate({ search: text ? `?${text}` : '' }, { replace: true });

  if (query.kind === 'run')
    return (
      <RunDetail
        key={query.run}
        query={query}
        onQuery={(next: RunChangesQuery) => replace(runChangesQueryOf(next))}
        backTo={`/model-runs${lastListQuery ? `?${lastListQuery}` : ''}`}
      />
    );
  return (
    <RunsList query={query} onQuery={(next: RunsListQuery) => replace(runsListQueryOf(next))} />
  );
}
