import type { SavedView, UserPrefs } from '../../../src/shared/prefs';
import { DEFAULT_USER_PREFS } from '../../../src/renderer/domain/prefs/prefsState';
import { fail, fakeBridge, ok } from './fakeBridge';

/** A fake of core's prefs channels for renderer tests: the same answers and refusals. */

export interface SetViewsPayload {
  path: string;
  views: SavedView[];
}

export function prefsBridge() {
  let prefs: UserPrefs = DEFAULT_USER_PREFS;
  const seen: { channel: string; payload: unknown }[] = [];
  const record =
    (channel: string, answer: (payload: never) => ReturnType<typeof ok>) => (payload: unknown) => {
      seen.push({ channel, payload });
      return answer(payload as never);
    };
  const bridge = fakeBridge({
    'prefs.get': record('prefs.get', () => ok({ prefs, sessionStartedAt: null })),
    'prefs.setViews': record('prefs.setViews', ({ path, views }: SetViewsPayload) => {
      const names = new Set<string>();
      for (const view of views) {
        const name = view.name.toLocaleLowerCase();
        if (names.has(name))
          return fail(409, 'VIEW_NAME_TAKEN', `A view named "${view.name}" already exists.`);
        names.add(name);
      }
      prefs = { ...prefs, views: { ...prefs.views, [path]: views } };
      return ok(prefs);
    }),
    'prefs.setColumns': record(
      'prefs.setColumns',
      ({ path, choice }: { path: string; choice: UserPrefs['columns'][string] | null }) => {
        const columns = { ...prefs.columns };
        if (choice) columns[path] = choice;
        else delete columns[path];
        prefs = { ...prefs, columns };
        return ok(prefs);
      },
    ),
    'prefs.importViews': record('prefs.importViews', ({ text }: { text: string }) => {
      let file: { views: Record<string, SavedView[]> };
      try {
        file = JSON.parse(text) as typeof file;
      } catch {
        return fail(400, 'BAD_VIEWS_FILE', 'This file is not a views file.');
      }
      let added = 0;
      let skipped = 0;
      const views = { ...prefs.views };
      for (const [path, list] of Object.entries(file.views)) {
        const own = [...(views[path] ?? [])];
        for (const view of list) {
          if (own.some((v) => v.id === view.id)) skipped += 1;
          else {
            own.push(view);
            added += 1;
          }
        }
        views[path] = own;
      }
      prefs = { ...prefs, views };
      return ok({ prefs, added, skipped });
    }),
    'prefs.exportViews': record('prefs.exportViews', () =>
      ok({
        id: 'x',
        status: 'done',
        format: 'json',
        written: 1,
        total: 1,
        fileName: 'dqc-views-2026-01-01.json',
        savedTo: null,
        downloadUrl: 'http://127.0.0.1:9/download/1',
        message: null,
      }),
    ),
  });
  return {
    bridge,
    prefs: () => prefs,
    calls: (channel: string) => seen.filter((c) => c.channel === channel).map((c) => c.payload),
  };
}
