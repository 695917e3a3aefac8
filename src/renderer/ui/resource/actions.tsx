import { App } from 'antd';
import type { ReactNode } from 'react';
import { withShownRecord } from '../../bridge/shownRecord';
import { keepDraft, useDraftAtMount } from '../../session/drafts';
import { UpdateModal, type FormValues } from './UpdateModal';
import type { UpdateField } from '../updateFields';
import type { ActionContext, RecordAction } from './types';

/**
 * Builders of the row actions of SPEC.md 2 (Update, Save, Merge, Match open the shared update
 * modal; Delete asks first). Each closes over its form's value type, so a view's list of actions
 * stays one type while every form is typed from its body.
 */

export interface ModalSpec<Row, V extends FormValues> {
  label: string;
  look?: 'primary' | 'danger';
  disabled?(row: Row): string | null;
  visible?(row: Row): boolean;
  title: string | ((row: Row) => string);
  /** The submit button: 'Update' unless the action is another (Save, Merge, Match). */
  okText?: string;
  fields: readonly UpdateField[] | ((row: Row) => readonly UpdateField[]);
  values(row: Row): Partial<V>;
  submit(values: V, row: Row): Promise<unknown>;
  /** Said once saved, e.g. 'Bitcoin updated'. */
  done(values: V, row: Row): string;
  /**
   * A hook run inside the open modal, so what it reads stays live while the modal is open: why
   * the submit is not possible yet (the image check gate; null when it is) and extra footer
   * buttons (the modal's own Check Img).
   */
  useExtras?(row: Row): ModalExtras<V>;
}

interface ModalExtras<V> {
  gate?(values: Partial<V>): ReactNode;
  extraFooter?(values: Partial<V>): ReactNode;
  /** Under the buttons: what may grow as it loads (UpdateModal.tsx). */
  footerNote?(values: Partial<V>): ReactNode;
}

function noExtras<V>(): ModalExtras<V> {
  return {};
}

/** The shared update modal for a row; after a successful submit it closes and the list reloads. */
export function modalAction<Row, V extends FormValues>(spec: ModalSpec<Row, V>): RecordAction<Row> {
  return {
    label: spec.label,
    look: spec.look,
    disabled: spec.disabled,
    visible: spec.visible,
    open: (row, context) => <ActionModal spec={spec} row={row} context={context} record />,
  };
}

function ActionModal<Row, V extends FormValues>({
  spec,
  row,
  context,
  record = false,
}: {
  spec: ModalSpec<Row, V>;
  row: Row;
  context: ActionContext;
  /** The form writes to a record of the list (not a create form): the journal keeps it as shown. */
  record?: boolean;
}) {
  const { message } = App.useApp();
  const useExtras = spec.useExtras ?? noExtras<V>;
  const extras = useExtras(row);
  const draftKey = context.formDraftKey;
  // What was typed before the session ended wins over the record's own values.
  const typed = useDraftAtMount<Partial<V>>(draftKey);
  return (
    <UpdateModal<V>
      title={typeof spec.title === 'function' ? spec.title(row) : spec.title}
      okText={spec.okText}
      fields={typeof spec.fields === 'function' ? spec.fields(row) : spec.fields}
      initialValues={{ ...spec.values(row), ...typed }}
      onValuesChange={draftKey ? (values) => keepDraft(draftKey, values) : undefined}
      gate={extras.gate}
      extraFooter={extras.extraFooter}
      footerNote={extras.footerNote}
      onSubmit={async (values) => {
        await withShownRecord(record ? (context.shown?.(row) ?? null) : null, () =>
          spec.submit(values, row),
        );
        void message.success(spec.done(values, row));
        // SPEC.md 4: the success flag turns true and the list is fetched again.
        void context.reload();
      }}
      onClose={context.close}
    />
  );
}

/** A create form (Add Keyword, Add Crypto Tag, Add Configuration): the modal without a row. */
export function createModal<F, V extends FormValues>(
  spec: Omit<ModalSpec<F, V>, 'label' | 'look' | 'disabled'>,
) {
  return (context: ActionContext, filter: F) => (
    <ActionModal spec={{ ...spec, label: '' }} row={filter} context={context} />
  );
}
