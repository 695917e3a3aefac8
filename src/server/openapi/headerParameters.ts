import { BULK_RUN_HEADER } from '../../shared/insight';
import { BULK_RUN_ID } from '../insight/historyRecord';
import type { JsonSchema } from './schemaComponents';

/**
 * The headers the console sends besides its bearer token, for the OpenAPI document: the call
 * declarations (src/shared/api) hold paths, parameters and bodies, not headers, so they are
 * listed here by call, each with the file that sends or reads it.
 */

interface HeaderParameter {
  name: string;
  in: 'header';
  required: boolean;
  description: string;
  schema: JsonSchema;
}

type Reference = { $ref: string };
const parameterRef = (name: string): Reference => ({ $ref: `#/components/parameters/${name}` });

/** SPEC.md 7: the authenticated client adds User-Id to every data call. */
export const USER_ID_HEADER = parameterRef('UserId');

/**
 * The catalogue reads, conditional when the provider can (core's
 * src/main/core/catalogue/conditionalRead.ts, our server's catalogueAnswer.ts): plain HTTP, which
 * a provider that ignores it answers with the whole list.
 */
export const CONDITIONAL_READS = new Set([
  'currencies.getCurrencies',
  'currencies.getCurrenciesIncludes',
]);

/**
 * The review writes a bulk run sends (src/main/core/runs/reviewCalls.ts), of both services: a
 * card's decisions too, which may name the version they were decided on (If-Match).
 */
const BULK_RUN_WRITES = ['tweets', 'news'].flatMap((group) =>
  ['manualChange', 'addEliminatedKeyword', 'reviewed'].map((name) => `${group}.${name}`),
);

/** The decisions that take If-Match (the conditional-writes extension): they may answer 412. */
export const CONDITIONAL_WRITES: ReadonlySet<string> = new Set(BULK_RUN_WRITES);

/** SPEC.md 7, Auth: sign-out names the session by its id token (authEndpoints.ts reads it). */
const ID_TOKEN: HeaderParameter = {
  name: 'Id-Token',
  in: 'header',
  required: true,
  description:
    'The id_token of the session to end (SPEC.md 7, Auth). The client sends its access token as Authorization too; our reference server does not need it.',
  schema: { type: 'string', minLength: 1 },
};

/** The headers shared by several calls, as the document's components.parameters. */
export const HEADER_PARAMETERS: Record<string, HeaderParameter> = {
  BulkRun: {
    name: BULK_RUN_HEADER,
    in: 'header',
    required: false,
    description:
      "The item-history extension: the bulk run a write belongs to, so that the item's history names it. The console sends it only to a server whose capabilities list item-history; our reference server ignores a value of another form.",
    // What src/server/insight/historyRecord.ts takes as a run id.
    schema: { type: 'string', pattern: BULK_RUN_ID.source },
  },
  IfMatch: {
    name: 'If-Match',
    in: 'header',
    required: false,
    description:
      'The conditional-writes extension: the item version the decision was made on, in quotes ("12"), as the item\'s `version` gives it (or *). Our reference server writes only if the item still has that version, else answers 412 with the item as it is now; a value of another form is refused with 400. The console sends it only to a server whose capabilities list conditional-writes.',
    schema: { type: 'string', pattern: '^(\\*|"[0-9]{1,15}")$' },
  },
  LastEventId: {
    name: 'Last-Event-ID',
    in: 'header',
    required: false,
    description:
      'The item-events extension: the id of the last event the console heard, when it opens the stream again; the writes since are replayed first. A value that is not a whole number is refused (400).',
    schema: { type: 'string', pattern: '^\\d{1,15}$' },
  },
  IfNoneMatch: {
    name: 'If-None-Match',
    in: 'header',
    required: false,
    description:
      'The ETag of the list the console holds. Our reference server sends an ETag with the catalogue and answers 304 while it is unchanged; a provider may ignore both.',
    schema: { type: 'string' },
  },
  UserId: {
    name: 'User-Id',
    in: 'header',
    required: false,
    description:
      "The signed-in user's subject claim, which the console adds to every data call (SPEC.md 7). Our reference server does not read it.",
    schema: { type: 'string' },
  },
};

/** The headers one call sends besides the bearer token and User-Id. */
export function headersOf(id: string): (HeaderParameter | Reference)[] {
  if (id === 'auth.signOut') return [ID_TOKEN];
  if (CONDITIONAL_READS.has(id)) return [parameterRef('IfNoneMatch')];
  if (BULK_RUN_WRITES.includes(id)) return [parameterRef('BulkRun'), parameterRef('IfMatch')];
  if (id === 'live.itemEvents') return [parameterRef('LastEventId')];
  return [];
}
