import {
  EXTENSION_LABELS,
  EXTENSIONS,
  hasExtension,
  type ServerExtension,
} from '../../../shared/insight';

/** About's words for what the server offers beyond the standard API (DESIGN.md, Extensions). */

/** The section's title and its list's name; not "Server …", the name About's Server section is found by. */
export const EXTENSIONS_TITLE = 'Extensions';
export const EXTENSIONS_LIST_LABEL = 'Extensions offered';

export const NO_EXTENSIONS_TEXT =
  'This server offers no extensions beyond the standard API: the features that need one (Model runs, Borderline first, keyword impact, item history) are not shown.';

export const EXTENSIONS_INTRO =
  'Besides the standard API, this server offers these extensions, and the console shows the features they bring:';

export const isKnownExtension = (name: string): name is keyof typeof EXTENSION_LABELS =>
  (EXTENSIONS as readonly string[]).includes(name);

/** An extension's label, or its own name when this console does not know it. */
export const extensionLabel = (extension: ServerExtension): string =>
  isKnownExtension(extension.name) ? EXTENSION_LABELS[extension.name] : extension.name;

/** Said beside an extension this console does not know: it is listed, and drives nothing. */
export const UNKNOWN_EXTENSION_NOTE = 'not used by this version of the console';

/**
 * How a card's decision is kept from overwriting a change made since its card was drawn
 * (src/shared/conflict.ts), by whether the server offers conditional writes.
 */
export const conflictCheckText = (offered: readonly ServerExtension[]): string =>
  hasExtension(offered, 'conditional-writes')
    ? 'Conflict check: this server offers conditional writes, so each decision is written only if the item is still as its card showed it, in the same call.'
    : 'Conflict check: this server offers no conditional writes, so before each decision the console reads the item again and sends it only if the item is still as its card showed it.';
