import { Alert, Button, Flex, Modal, Radio, Select, Tag, Typography } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import type { Candidate, DuplicateKind } from '../../../shared/workbench/duplicateChannels';
import type { ActionContext, RecordAction } from '../../ui/resource/types';
import { shown } from '../../ui/shown';
import { detectedRecordOf } from './detectedRecord';
import { useSuggestions } from './suggestionsLoader';
import './duplicates.css';

/** A field of the compare view: how it reads, and whether a form takes it (then it is picked). */
export interface CompareField {
  name: string;
  label: string;
  /** A form field of Save, Merge or Match: the operator picks which side's value it opens with. */
  pick?: boolean;
  /** What is shown; the value itself unless said. */
  show?(value: unknown): ReactNode;
}

/** A catalogue record to compare with: a suggestion, or one the queue names (the old version). */
export interface CompareTarget {
  id: string;
  label: string;
  record: Record<string, unknown>;
}

type Side = 'detected' | 'catalogue';

const sameValue = (a: unknown, b: unknown) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

const defaultShow = (value: unknown): ReactNode => {
  if (Array.isArray(value))
    return value.length ? value.map((v) => <Tag key={String(v)}>{String(v)}</Tag>) : '-';
  if (value && typeof value === 'object')
    return (
      Object.entries(value)
        .filter(([, v]) => v !== undefined && v !== null && v !== '')
        .map(([k, v]) => `${k}: ${String(v)}`)
        .join(', ') || '-'
    );
  return shown(value as string | number | boolean | null | undefined);
};

export const targetOfCandidate = (c: Candidate): CompareTarget => {
  const name = typeof c.record.name === 'string' ? c.record.name : '';
  const unique = typeof c.record.uniqueName === 'string' ? c.record.uniqueName : '';
  return {
    id: c.id || `#${String(c.record.id ?? '')}`,
    label: `${name || unique || '-'}${unique && unique !== name ? ` (${unique})` : ''} · ${c.likely ? 'likely' : 'possible'} ${c.score.toFixed(1)}`,
    record: c.record,
  };
};

/**
 * Compare before acting (issue 49): the detected record beside a catalogue record, field by field,
 * the fields that differ marked. For each field a form takes, the operator picks the side its value
 * comes from; Save, Merge or Match then opens SPEC.md's own modal, with its own texts and rules,
 * filled with the picks. Closing that modal (a refused Merge among others) comes back here with the
 * picks as they were; a success closes both and reloads the list.
 */
export function CompareModal<Row extends object>({
  kind,
  rowKey,
  detected,
  fields,
  actions,
  context,
  fixed = [],
  initial,
}: {
  kind: DuplicateKind;
  rowKey: string;
  detected: Row;
  fields: readonly CompareField[];
  /** The row's actions that open from here (Save, Merge, Match). */
  actions: readonly RecordAction<Row>[];
  context: ActionContext;
  /** Records the queue itself names (the old version of a new version), listed first. */
  fixed?: readonly CompareTarget[];
  /** The catalogue record to start with (a suggestion chosen in the row). */
  initial?: CompareTarget;
}) {
  const suggestions = useSuggestions(kind, detectedRecordOf(rowKey, detected));
  const targets = useMemo(() => {
    const all = [...fixed];
    if (initial) all.push(initial);
    if (suggestions.status === 'ready') all.push(...suggestions.candidates.map(targetOfCandidate));
    const seen = new Set<string>();
    return all.filter((t) => (seen.has(t.id) ? false : (seen.add(t.id), true)));
  }, [fixed, initial, suggestions]);
  const [chosenId, setChosenId] = useState<string | null>(initial?.id ?? null);
  const target = targets.find((t) => t.id === chosenId) ?? targets[0] ?? null;
  const [picks, setPicks] = useState<Record<string, Side>>({});
  const [acting, setActing] = useState<RecordAction<Row> | null>(null);
  const row = detected as Record<string, unknown>;

  const pickedRow = useMemo(() => {
    const out: Record<string, unknown> = { ...row };
    if (target)
      for (const field of fields)
        if (field.pick && picks[field.name] === 'catalogue')
          out[field.name] = target.record[field.name];
    return out as Row;
  }, [row, target, fields, picks]);

  if (acting?.open)
    return (
      <>
        {acting.open(pickedRow, {
          // Closing the form comes back to the compare view, picks kept.
          close: () => setActing(null),
          reload: async () => {
            context.close();
            await context.reload();
          },
          // The journal keeps the detected record as the list showed it, whatever was picked.
          shown: () => context.shown?.(detected) ?? null,
          formDraftKey: context.formDraftKey,
        })}
      </>
    );

  return (
    <Modal
      open
      title="Compare"
      onCancel={context.close}
      closable={false}
      mask={{ closable: false }}
      width={960}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8} wrap>
          <Button onClick={context.close}>Close</Button>
          {actions.map((action) => {
            const why = action.disabled?.(pickedRow) ?? null;
            return (
              <Button
                key={action.label}
                type={action.look === 'primary' ? 'primary' : 'default'}
                disabled={why !== null}
                title={why ?? undefined}
                onClick={() => setActing(action)}
              >
                {action.label}
              </Button>
            );
          })}
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <Flex align="center" gap={8} wrap>
          <Typography.Text id="compare-with">Compare with</Typography.Text>
          <Select
            aria-labelledby="compare-with"
            style={{ minWidth: 420 }}
            value={target?.id}
            onChange={(id: string) => setChosenId(id)}
            options={targets.map((t) => ({ value: t.id, label: t.label }))}
            notFoundContent={suggestions.status === 'loading' ? 'Loading…' : 'No catalogue record'}
            placeholder={suggestions.status === 'loading' ? 'Loading…' : 'No catalogue record'}
          />
        </Flex>
        {suggestions.status === 'failed' && (
          <Alert type="warning" showIcon title={`No suggestions: ${suggestions.message}`} />
        )}
        <table className="dqc-compare" aria-label="Compare">
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Detected</th>
              <th scope="col">Catalogue</th>
              <th scope="col">
                <span className="dqc-sr-only">Differs</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field) => {
              const mine = row[field.name];
              const theirs = target?.record[field.name];
              const differs = target !== null && !sameValue(mine, theirs);
              const show = field.show ?? defaultShow;
              const side = picks[field.name] ?? 'detected';
              const cell = (which: Side, value: unknown) =>
                field.pick && target ? (
                  <Radio
                    name={`pick-${field.name}`}
                    checked={side === which}
                    onChange={() => setPicks((p) => ({ ...p, [field.name]: which }))}
                    aria-label={`${field.label}: ${which === 'detected' ? 'detected' : 'catalogue'} value`}
                  >
                    {show(value)}
                  </Radio>
                ) : (
                  show(value)
                );
              return (
                <tr key={field.name} className={differs ? 'dqc-compare-differs' : undefined}>
                  <th scope="row">{field.label}</th>
                  <td>{cell('detected', mine)}</td>
                  <td>{target ? cell('catalogue', theirs) : '-'}</td>
                  <td>{differs ? <Tag className="dqc-likely-tag">differs</Tag> : null}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </Flex>
    </Modal>
  );
}
