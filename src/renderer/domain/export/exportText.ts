import type { ExportView } from '../../../shared/export';

/** "300 results", "1 result". */
export const resultsText = (total: number) =>
  `${total.toLocaleString('en-US')} result${total === 1 ? '' : 's'}`;

/** "Writing: 120 of 300", or "Writing: 120" until the count is known. */
export const writingText = (view: Pick<ExportView, 'written' | 'total'>) =>
  view.total === null
    ? `Writing: ${view.written.toLocaleString('en-US')}`
    : `Writing: ${view.written.toLocaleString('en-US')} of ${view.total.toLocaleString('en-US')}`;

/** What a finished export says: where the file went. */
export function doneText(view: ExportView): string {
  if (view.savedTo) return `Saved to ${view.savedTo}`;
  if (view.downloadUrl) return `Downloaded ${view.fileName}`;
  return `Exported ${view.fileName}`;
}

/** Of two states of one export, the later: a finished one, else the one that wrote more. */
export function laterOf(a: ExportView, b: ExportView | undefined): ExportView {
  if (!b) return a;
  const aDone = a.status !== 'running';
  const bDone = b.status !== 'running';
  if (aDone !== bDone) return aDone ? a : b;
  return b.written >= a.written ? b : a;
}

/** The name a file may have (core refuses anything else): other characters become dashes. */
export const safeFileName = (name: string) =>
  name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'export';
