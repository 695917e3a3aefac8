import { Button } from 'antd';
import { memo, useState } from 'react';
import type { ExportColumn, ExportSource } from '../../../shared/export';
import { ExportDialog, type ExportChoices } from './ExportDialog';
import { safeFileName } from './exportText';
import { useExport } from './useExport';

/**
 * Export… (docs/user-guide.md, A reviewer's shift): CSV or JSON of every result of the screen's
 * current filter, written by core with progress and Cancel. The desktop app asks where to save;
 * browser mode downloads the file.
 */
export const ExportButton = memo(function ExportButton(props: {
  /** What is exported, for the dialog's title: 'Review: tweets', 'Crypto currencies'. */
  label: string;
  /** The file's suggested name without extension ('review-tweets'); the date is added. */
  fileName: string;
  /** What core reads, asked for when the user starts the export (the filter as applied then). */
  source(): ExportSource;
  /** The columns shown, in order: what "Columns shown" writes ("All fields" writes every field). */
  columns: readonly ExportColumn[];
  /** How many rows the filter has, when known: said in the dialog. */
  total: number | null;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [choices, setChoices] = useState<ExportChoices>({ format: 'csv', columns: 'shown' });
  const state = useExport();
  const canChooseShown = props.columns.length > 0;

  const start = () =>
    void state.start({
      source: props.source(),
      format: choices.format,
      columns: canChooseShown && choices.columns === 'shown' ? [...props.columns] : null,
      fileName: safeFileName(props.fileName),
    });

  return (
    <>
      <Button onClick={() => setOpen(true)} disabled={props.disabled}>
        Export…
      </Button>
      <ExportDialog
        open={open}
        label={props.label}
        total={props.total}
        canChooseShown={canChooseShown}
        choices={choices}
        onChoices={setChoices}
        state={state}
        onStart={start}
        onClose={() => setOpen(false)}
      />
    </>
  );
});
