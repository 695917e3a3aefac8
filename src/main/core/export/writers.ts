import { createReadStream } from 'node:fs';
import { open, rm, type FileHandle } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { stringify } from 'csv-stringify/sync';
import type { ExportColumn, ExportFormat } from '../../../shared/export';
import { csvCell, jsonObject, valueAt, type Row } from './cells';

/** Where a writer's text goes (the export's part file). */
export interface TextSink {
  write(text: string): Promise<void>;
}

/** Writes an export page by page: a page's rows are turned into text and written at once. */
export interface RowWriter {
  page(rows: readonly Row[]): Promise<void>;
  /** Writes what completes the file (the header of an empty CSV, JSON's closing bracket). */
  end(): Promise<void>;
  /** Removes anything the writer kept aside; called whatever the outcome. */
  dispose(): Promise<void>;
}

/** At most this many rows are turned into text at once, so a large page is never one string. */
const CSV_BATCH = 500;

/**
 * RFC 4180 text of some records (CRLF between records, quotes where needed) with every string cell
 * that starts with =, +, -, @, a tab or a carriage return neutralised by a leading single quote, so
 * that Excel and LibreOffice show it as text instead of running it. `bom` opens the file with
 * UTF-8's byte order mark, by which Excel knows the encoding.
 */
function csvText(records: (string | number)[][], bom: boolean): string {
  return stringify(records, {
    bom,
    record_delimiter: 'windows',
    escape_formulas: true,
    eof: true,
  });
}

/** CSV of known columns: the header of their titles, then each page's rows. */
function csvWriter(out: TextSink, columns: readonly ExportColumn[]): RowWriter {
  let started = false;
  const header = async () => {
    if (started) return;
    started = true;
    await out.write(csvText([columns.map((column) => column.title)], true));
  };
  return {
    async page(rows) {
      await header();
      for (let at = 0; at < rows.length; at += CSV_BATCH) {
        const records = rows
          .slice(at, at + CSV_BATCH)
          .map((row) => columns.map((column) => csvCell(valueAt(row, column.key))));
        await out.write(csvText(records, false));
      }
    },
    end: header,
    dispose: async () => undefined,
  };
}

/**
 * CSV of every field: the fields are only all known once the last page is read, so the rows wait in
 * a scratch file (one JSON line each) and the CSV is written from it at the end, its header listing
 * every field in the order first seen.
 */
function everyFieldCsvWriter(out: TextSink, scratchPath: string): RowWriter {
  const fields = new Map<string, ExportColumn>();
  let scratch: FileHandle | null = null;
  return {
    async page(rows) {
      scratch ??= await open(scratchPath, 'wx', 0o600);
      for (const row of rows)
        for (const key of Object.keys(row))
          if (!fields.has(key)) fields.set(key, { key, title: key });
      if (rows.length > 0)
        await scratch.write(rows.map((row) => `${JSON.stringify(row)}\n`).join(''));
    },
    async end() {
      const columns = [...fields.values()];
      const csv = csvWriter(out, columns);
      if (!scratch) return csv.end();
      await scratch.close();
      scratch = null;
      const lines = createInterface({
        input: createReadStream(scratchPath, 'utf8'),
        crlfDelay: Infinity,
      });
      let batch: Row[] = [];
      for await (const line of lines) {
        if (!line) continue;
        batch.push(JSON.parse(line) as Row);
        if (batch.length >= CSV_BATCH) {
          await csv.page(batch);
          batch = [];
        }
      }
      await csv.page(batch);
      await csv.end();
    },
    async dispose() {
      await scratch?.close().catch(() => undefined);
      scratch = null;
      await rm(scratchPath, { force: true }).catch(() => undefined);
    },
  };
}

/** One JSON array of objects, written page by page so that it is never held whole. */
function jsonWriter(out: TextSink, columns: readonly ExportColumn[] | null): RowWriter {
  let written = 0;
  return {
    async page(rows) {
      if (rows.length === 0) return;
      const text = rows.map((row) => JSON.stringify(jsonObject(row, columns))).join(',\n');
      await out.write(`${written === 0 ? '[\n' : ',\n'}${text}`);
      written += rows.length;
    },
    end: () => out.write(written === 0 ? '[]\n' : '\n]\n'),
    dispose: async () => undefined,
  };
}

export function rowWriter(options: {
  format: ExportFormat;
  columns: readonly ExportColumn[] | null;
  out: TextSink;
  /** Where CSV of every field keeps its rows until the header is known. */
  scratchPath: string;
}): RowWriter {
  const { format, columns, out } = options;
  if (format === 'json') return jsonWriter(out, columns);
  return columns ? csvWriter(out, columns) : everyFieldCsvWriter(out, options.scratchPath);
}
