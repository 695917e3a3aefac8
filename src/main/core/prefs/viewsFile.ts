import {
  MAX_VIEWS_PER_SCREEN,
  savedViewSchema,
  VIEWS_FILE_FORMAT,
  viewsFileSchema,
  type SavedView,
  type UserPrefs,
  type ViewsFile,
} from '../../../shared/prefs';
import { BridgeFailure } from '../bridgeFailure';
import { readJson } from './readJson';

/**
 * Export views / Import views (docs/user-guide.md, A reviewer's shift, Saved views): every
 * screen's saved views in one JSON file, so that a reviewer can take them to another machine or
 * give them to a colleague.
 */

const NOT_A_VIEWS_FILE = 'This is not a views file exported by DQC Console';

function refused(reason: string): BridgeFailure {
  return new BridgeFailure(400, 'BAD_VIEWS_FILE', `${NOT_A_VIEWS_FILE}: ${reason}.`);
}

/** Reads a views file's text, or throws 400 BAD_VIEWS_FILE saying why it is not one. */
export function parseViewsFile(text: string): ViewsFile {
  const read = readJson(text);
  if (!read.ok) throw refused(read.problem);
  const parsed = read.value;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw refused('it is not a JSON object');
  const head = parsed as { format?: unknown; version?: unknown };
  if (head.format !== VIEWS_FILE_FORMAT)
    throw refused(`its "format" is not "${VIEWS_FILE_FORMAT}"`);
  if (head.version !== 1)
    throw refused('its "version" is not 1 (it may come from a newer DQC Console)');
  const checked = viewsFileSchema.safeParse(parsed);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    if (issue?.code === 'invalid_key')
      throw refused(`"${String(issue.path.at(-1))}" is not a screen's path`);
    throw refused(`${whereIn(issue?.path ?? [])}: ${issue?.message ?? 'does not fit'}`);
  }
  return checked.data;
}

/** Where in the file a problem is, in words: 'view 2 of /filter, its name'. */
function whereIn(path: readonly PropertyKey[]): string {
  const [top, screen, index, field] = path;
  if (top === 'views' && typeof screen === 'string' && typeof index === 'number')
    return `view ${index + 1} of ${screen}${typeof field === 'string' ? `, its ${field}` : ''}`;
  if (top === 'views' && typeof screen === 'string') return `the views of ${screen}`;
  return path.map(String).join('.') || 'the file';
}

/** The longest name a view may have (savedViewSchema). */
const MAX_NAME = savedViewSchema.shape.name.maxLength ?? 80;

/** "Name (imported)", "Name (imported 2)", …: the first one no view of the screen has. */
function freeName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name.toLocaleLowerCase())) return name;
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? ' (imported)' : ` (imported ${n})`;
    const candidate = `${name.slice(0, MAX_NAME - suffix.length).trimEnd()}${suffix}`;
    if (!taken.has(candidate.toLocaleLowerCase())) return candidate;
  }
}

/**
 * Adds a file's views after the user's own, screen by screen. A view whose id the screen already
 * has is skipped (it was imported before, or is the user's own); a name already taken gets
 * " (imported)"; a screen holds at most MAX_VIEWS_PER_SCREEN views and the rest are skipped.
 */
export function mergeViews(
  prefs: UserPrefs,
  file: ViewsFile,
): { prefs: UserPrefs; added: number; skipped: number } {
  let added = 0;
  let skipped = 0;
  const views: Record<string, SavedView[]> = { ...prefs.views };
  for (const [path, incoming] of Object.entries(file.views)) {
    const screen = [...(views[path] ?? [])];
    const ids = new Set(screen.map((view) => view.id));
    const names = new Set(screen.map((view) => view.name.toLocaleLowerCase()));
    for (const view of incoming) {
      if (ids.has(view.id) || screen.length >= MAX_VIEWS_PER_SCREEN) {
        skipped += 1;
        continue;
      }
      const name = freeName(view.name, names);
      screen.push({ id: view.id, name, query: view.query });
      ids.add(view.id);
      names.add(name.toLocaleLowerCase());
      added += 1;
    }
    if (screen.length > 0) views[path] = screen;
  }
  return { prefs: added === 0 ? prefs : { ...prefs, views }, added, skipped };
}

/** The text Export views writes: pretty JSON that Import views reads back. */
export function viewsFileText(prefs: UserPrefs): { text: string; count: number } {
  const file: ViewsFile = { format: VIEWS_FILE_FORMAT, version: 1, views: prefs.views };
  const count = Object.values(prefs.views).reduce((sum, list) => sum + list.length, 0);
  return { text: `${JSON.stringify(file, null, 2)}\n`, count };
}

/** The local date as YYYY-MM-DD (the file's name is the reviewer's day, not UTC's). */
export function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
