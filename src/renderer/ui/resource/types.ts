import type { ListColumns } from './listColumns';
import type { ReactNode } from 'react';
import type { BridgeChannel } from '../../../shared/bridge';
import type { RecordRunChannel } from '../../../shared/workbench/recordRuns';
import type { ShownRecord } from '../../../shared/journal';
import type { FilterValues } from './filterValues';
import type { CorePage, ResourceState } from './resourceState';

export type { CorePage };

/**
 * A list view as a declaration (DESIGN.md, Renderer: the resource kit). A view says what it
 * shows and which calls it makes; ResourcePage does the list pattern of SPEC.md 2: the filter
 * form with 'Filter', the zero-based 'You see ( from - to ) of N results' header, the table, the
 * '<<' '>>' pager with one margin page, load states, modals and confirms, and the reload after a
 * success (SPEC.md 4).
 */

export type { FilterValues } from './filterValues';

export interface FilterField {
  name: string;
  /** The box's label and placeholder, e.g. 'Currency Contains'. */
  label: string;
  kind?: 'text' | 'select' | 'wholeNumber';
  options?: readonly { value: string; label: string }[];
  width?: number;
  /** Turned off, with its placeholder saying so (SPEC.md 2: the Unique Name box for NEWS). */
  disabled?: (values: FilterValues) => string | null;
  /** A placeholder that depends on the other boxes (SPEC.md 2: 'Coin Un.Name'). */
  placeholder?: (values: FilterValues) => string;
  /** A choice that changes what the list is (the account type) applies at once. */
  applyOnChange?: boolean;
}

/**
 * How a list is paged (SPEC.md 9): the whole list in client pages, server pages with a count, or
 * pages of a whole list that core keeps (docs/performance.md, The server and the catalogue), so the
 * bridge never carries all of it.
 */
export type Paging<Row, F extends FilterValues> =
  | { kind: 'client'; pageSize: number; fetch(filter: F): Promise<Row[]> }
  | {
      kind: 'core';
      pageSize: number;
      /**
       * A page of the filter's list. `fresh` is true when the list is opened, filtered or
       * reloaded (core asks the provider again), false for a page turn (core answers from the
       * list it holds).
       */
      fetch(filter: F, page: number, fresh: boolean): Promise<CorePage<Row>>;
      /** What Export… hands core to read the filter's whole list itself. */
      exportSource?(filter: F): ServerExportSource;
    }
  | {
      kind: 'server';
      pageSize: number;
      fetch(filter: F, page: number): Promise<Row[]>;
      count(filter: F): Promise<number>;
      /**
       * What Export… hands core to read every page of the filter itself (docs/user-guide.md, A
       * reviewer's shift: Export…): the read channel, its payload for the filter, and the payload's
       * field that takes the page. A server-paged list without it offers no export.
       */
      exportSource?(filter: F): ServerExportSource;
    };

/** A server-paged list's read call, as core pages through it for an export. */
export interface ServerExportSource {
  channel: BridgeChannel;
  payload: Record<string, unknown>;
  pageField: string;
}

/** What the kit hands an action: how to close its modal and reload the list after a success. */
export interface ActionContext {
  close(): void;
  /** SPEC.md 4: the list (and its count) is fetched again once a save succeeded. */
  reload(): Promise<void>;
  /** Where the open form keeps what is typed, so a session ending under it loses nothing. */
  formDraftKey?: string;
  /** The row as the list shows it, for the journal (issue 49); a create form has none. */
  shown?(row: unknown): ShownRecord | null;
}

/** A button of a row (Update, Save, Merge, Match, Delete, Check Img, Old Version…). */
export interface RecordAction<Row> {
  label: string;
  /**
   * Drawn as this icon alone, the label its name and tooltip: an action every row has (History),
   * kept from crowding the row's own buttons.
   */
  icon?: ReactNode;
  /** The main action of a row gets the primary style; a delete the danger style. */
  look?: 'primary' | 'danger';
  /** Why it cannot be used for this row, or null. */
  disabled?(row: Row): string | null;
  /** Shown only for the rows it applies to (an account's own kind). */
  visible?(row: Row): boolean;
  /** It opens something (the shared update modal), */
  open?(row: Row, context: ActionContext): ReactNode;
  /** or asks first (SPEC.md 8: title WARNING, Close and 'Yes!'), then reloads the list, */
  confirm?: {
    title?: string;
    content: string;
    run(row: Row): Promise<unknown>;
    done(row: Row): string;
  };
  /** or runs at once (Check Img). */
  run?(row: Row, context: ActionContext): void;
}

/** A record's list field whose entries are removed one by one after a confirm (tags, usages). */
export interface RemovableField<Row> {
  title: string;
  values(row: Row): readonly string[];
  /** What the screen reader hears before the value, e.g. 'Remove tag'. */
  removeLabel: string;
  /** SPEC.md 8's confirm text, e.g. 'Are You Sure The Delete This Tag'. */
  confirm: string;
  remove(row: Row, value: string): Promise<unknown>;
  done(row: Row, value: string): string;
}

/** What a view's cells are handed: open something over the list, close it, reload the list. */
export interface ColumnsKit<F> {
  open(content: ReactNode): void;
  close(): void;
  /** SPEC.md 4: fetches the list (and its count) again, as after a save. */
  reload(): Promise<void>;
  /** The row as the list shows it, for the journal of a write opened from a cell. */
  shown?(row: unknown): ShownRecord | null;
  /** Where a form opened from a cell keeps what is typed. */
  formDraftKey?: string;
  filter: F;
}

/**
 * A write the chosen records of a list can be given as one run (issue 49, keys and bulk): core
 * sends the row's own body for each, one after another, journalled under the run.
 */
export interface BulkRecordAction<Row> {
  /** The button: 'Delete', 'Match'. */
  label: string;
  channel: RecordRunChannel;
  /** The records, in the plural, as the confirm and the run say them: 'explorer urls'. */
  noun: string;
  /** What each record is in the journal and the run's problems (its url, its pair). */
  target(row: Row): string;
  /** The body the row's own button sends. */
  payload(row: Row): Record<string, unknown>;
}

/** A list view; its heading and tab bar come from its screen (domain/screens/screens.ts). */
export interface ResourceView<Row, F extends FilterValues> {
  /** Names the table and filter for screen readers and tests, e.g. 'Crypto currencies'. */
  label: string;
  /** 'The <noun> could not be loaded' on a failed call; 'list' unless said. */
  noun?: string;
  filter: { label: string; fields: readonly FilterField[]; read?(values: FilterValues): F };
  state: ResourceState<Row, F>;
  paging: Paging<Row, F>;
  rowKey(row: Row): string;
  /**
   * The row's fields; a function when a cell opens something (a 'Same …' dropdown) or the
   * columns follow the filter (the account type).
   */
  columns: ListColumns<Row> | ((kit: ColumnsKit<F>) => ListColumns<Row>);
  removable?: readonly RemovableField<Row>[];
  actions?: readonly RecordAction<Row>[];
  /** Actions that need the screen's hooks (an image check's message and memory). */
  useActions?(): readonly RecordAction<Row>[];
  /** The part of a record that does not fit a row. */
  expand?(row: Row): ReactNode;
  /**
   * A form that adds a record: a tab beside the list's ('Add Keyword', SPEC.md 2), or a button
   * whose label follows the filter (SPEC.md 2: the accounts' add button).
   */
  create?: {
    tab: string | ((filter: F) => string);
    as?: 'tab' | 'button';
    open(context: ActionContext, filter: F): ReactNode;
  };
  /** A note under the list (SPEC.md 2: the accounts page's footer banner). */
  footer?: ReactNode;
  /**
   * What a record is named by in the journal and its History (issue 49): its first telling field
   * (shared/journal.ts, recordTargetOf) unless said.
   */
  historyTarget?(row: Row): string | null;
  /** Writes the chosen records can be given as one run; with any, rows can be chosen. */
  bulk?: readonly BulkRecordAction<Row>[];
}
