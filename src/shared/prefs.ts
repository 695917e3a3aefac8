import { z } from 'zod';
import { normalizeKey, SHORTCUT_IDS, type ShortcutId } from './keys';

/**
 * A user's own choices on this machine (DESIGN.md, Per-user local data): saved views, keys, column
 * choices, density and the shift. Core keeps them in the user's folder as JSON written atomically,
 * never with a token or a password; the renderer reads them once per session and changes them
 * through the prefs.* channels.
 */

/** One key in react-hotkeys-hook's notation, normalised (keys.ts). */
export const keySchema = z
  .string()
  .max(40)
  .transform((text, context) => {
    const key = normalizeKey(text);
    if (key === null) {
      context.addIssue({ code: 'custom', message: `"${text}" is not a key` });
      return z.NEVER;
    }
    return key;
  });

const shortcutIdSchema = z.enum(SHORTCUT_IDS as [ShortcutId, ...ShortcutId[]]);

/** The user's own keys: only the actions they changed, each with one to three keys. */
export const keyOverridesSchema = z.partialRecord(
  shortcutIdSchema,
  z.array(keySchema).min(1).max(3),
);

/**
 * A screen's route ('/filter', '/cryptoCurrency/get-currencies'): views and columns belong to one
 * screen. Routes have capitals (SPEC.md 2's paths), so the pattern allows them.
 */
export const screenPathSchema = z
  .string()
  .max(120)
  .regex(/^\/[A-Za-z0-9/-]*$/, 'is not a screen path');

/**
 * A saved view: a name for a screen's filters. The filters are the screen's URL query (its
 * `search` without the '?'), the one form every screen's filters already have, so a view opens by
 * navigating to it and a link to it is the same text. Never a token: a query holds filters only.
 */
export const savedViewSchema = z.object({
  id: z.string().min(1).max(64),
  name: z.string().trim().min(1, 'A view needs a name').max(80),
  query: z.string().max(4000),
});
export type SavedView = z.output<typeof savedViewSchema>;

/** A screen's views, in the user's order: the first nine open with alt+1 … alt+9. */
export const MAX_VIEWS_PER_SCREEN = 100;
export const screenViewsSchema = z.array(savedViewSchema).max(MAX_VIEWS_PER_SCREEN);

/** A list's columns: which are hidden and the order of all (by column key). */
export const columnChoiceSchema = z.object({
  order: z.array(z.string().max(120)).max(100),
  hidden: z.array(z.string().max(120)).max(100),
});
export type ColumnChoice = z.output<typeof columnChoiceSchema>;

export const DENSITIES = ['comfortable', 'compact'] as const;
export type Density = (typeof DENSITIES)[number];

const isoDateTime = z
  .string()
  .max(40)
  .refine((v) => !Number.isNaN(Date.parse(v)), 'is not a date');

/** The break reminder's bounds, in minutes of continuous work; null is off (the default). */
export const BREAK_REMINDER_MINUTES = { min: 10, max: 240 } as const;

export const userPrefsSchema = z.object({
  views: z.record(screenPathSchema, screenViewsSchema).default({}),
  keys: keyOverridesSchema.default({}),
  columns: z.record(screenPathSchema, columnChoiceSchema).default({}),
  density: z.enum(DENSITIES).default('comfortable'),
  /** Review with Stories on: one card per story (where the server offers stories). */
  stories: z.boolean().default(false),
  /** When the user pressed Start shift; null: the shift began at sign-in. */
  shiftStartedAt: isoDateTime.nullable().default(null),
  breakReminderMinutes: z
    .number()
    .int()
    .min(BREAK_REMINDER_MINUTES.min)
    .max(BREAK_REMINDER_MINUTES.max)
    .nullable()
    .default(null),
});
export type UserPrefs = z.output<typeof userPrefsSchema>;
export const DEFAULT_PREFS: UserPrefs = userPrefsSchema.parse({});

/** prefs.get: the stored prefs, and when this session began (the shift's default start). */
export interface PrefsView {
  prefs: UserPrefs;
  /** ISO date-time of this session's sign-in (or its restore at start-up). */
  sessionStartedAt: string | null;
}

export const prefsViewSchema = z.object({
  prefs: userPrefsSchema,
  sessionStartedAt: z.string().nullable(),
}) satisfies z.ZodType<PrefsView>;

/** What Import views did (bridge.ts, ViewsImport). */
export const viewsImportSchema = z.object({
  prefs: userPrefsSchema,
  added: z.number(),
  skipped: z.number(),
});

export const setViewsPayloadSchema = z.object({
  path: screenPathSchema,
  views: screenViewsSchema,
});
export const setKeysPayloadSchema = z.object({
  action: shortcutIdSchema,
  keys: z.array(keySchema).min(1).max(3),
});
export const setColumnsPayloadSchema = z.object({
  path: screenPathSchema,
  /** null forgets the choice: the view's own columns, in its order. */
  choice: columnChoiceSchema.nullable(),
});
export const setDensityPayloadSchema = z.object({ density: z.enum(DENSITIES) });
export const setStoriesPayloadSchema = z.object({ stories: z.boolean() });
export const setShiftPayloadSchema = z.object({
  shiftStartedAt: isoDateTime.nullable().optional(),
  breakReminderMinutes: userPrefsSchema.shape.breakReminderMinutes.unwrap().optional(),
});

/**
 * The file Export views writes and Import views reads: every screen's views. Import adds the
 * file's views after the user's own (a view whose id is already there is skipped).
 */
export const VIEWS_FILE_FORMAT = 'dqc-console-views';
export const viewsFileSchema = z.object({
  format: z.literal(VIEWS_FILE_FORMAT),
  version: z.literal(1),
  views: z.record(screenPathSchema, screenViewsSchema),
});
export type ViewsFile = z.output<typeof viewsFileSchema>;
export const importViewsPayloadSchema = z.object({ text: z.string().max(2_000_000) });
export const exportViewsPayloadSchema = z.object({}).optional();
