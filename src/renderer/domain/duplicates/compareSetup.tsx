import type { Candidate, DuplicateKind } from '../../../shared/workbench/duplicateChannels';
import type { ActionContext, ColumnsKit, RecordAction } from '../../ui/resource/types';
import {
  CompareModal,
  targetOfCandidate,
  type CompareField,
  type CompareTarget,
} from './CompareModal';
import { LikelyDuplicateCell } from './LikelyDuplicateCell';

/** How a queue compares its records (issue 49): what they are, which fields, which actions. */
export interface CompareSetup<Row> {
  kind: DuplicateKind;
  fields: readonly CompareField[];
  rowKey(row: Row): string;
  /** The row's actions that open from the compare view (Save, Merge); read when it opens. */
  actions(): readonly RecordAction<Row>[];
  /** Records the queue itself names for the row (a new version's old version). */
  fixed?(row: Row): CompareTarget[];
}

function compareView<Row extends object>(
  setup: CompareSetup<Row>,
  row: Row,
  context: ActionContext,
  initial?: CompareTarget,
) {
  return (
    <CompareModal<Row>
      kind={setup.kind}
      rowKey={setup.rowKey(row)}
      detected={row}
      fields={setup.fields}
      actions={setup.actions()}
      fixed={setup.fixed?.(row) ?? []}
      initial={initial}
      context={context}
    />
  );
}

/** The queue's Likely Duplicates column: the row's candidates; Compare opens with the one chosen. */
export function suggestionColumn<Row extends object>(
  setup: CompareSetup<Row>,
  kit: ColumnsKit<unknown>,
) {
  return {
    title: 'Likely Duplicates',
    key: 'likely',
    width: 240,
    render: (_: unknown, row: Row) => (
      <LikelyDuplicateCell
        // A row element keeps its cells for the next record (slotKeys.ts): a new record, a new
        // cell, so nothing of the last record's candidates or Undo stays.
        key={setup.rowKey(row)}
        kind={setup.kind}
        rowKey={setup.rowKey(row)}
        record={row}
        onCompare={(candidate: Candidate) =>
          kit.open(
            compareView(
              setup,
              row,
              {
                close: kit.close,
                reload: kit.reload,
                shown: kit.shown,
                formDraftKey: kit.formDraftKey,
              },
              targetOfCandidate(candidate),
            ),
          )
        }
      />
    ),
  };
}

/** Compare as a row action (its key, issue 49): opens with the queue's own record or the best candidate. */
export function compareAction<Row extends object>(setup: CompareSetup<Row>): RecordAction<Row> {
  return { label: 'Compare', open: (row, context) => compareView(setup, row, context) };
}
