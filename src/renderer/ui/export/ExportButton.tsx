import type { ExportColumn, ExportSource } from '../../../shared/export';

/**
 * Export… (issue 23): CSV or JSON of every result of the screen's current filter, written by core
 * with progress and Cancel. TODO(issue 23): being built; until then it shows nothing.
 */
export function ExportButton(props: {
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
  void props;
  return null;
}
