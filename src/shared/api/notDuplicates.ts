import { z } from 'zod';
import { call } from './call';
import { DUPLICATE_KINDS } from '../workbench/duplicateChannels';
import { EXTENSIONS_BASE } from './insight';

/**
 * "Not a duplicate" for the whole team: our reference server's extension `not-duplicates` (issue
 * 49), under /dqc-extensions like every extension and sent by core only when the capabilities list
 * names it. A pair said by one operator is left out of every operator's suggestions; who said it
 * and when come from the token and the server's clock, never from the body.
 */
/** A detected record and the catalogue record it is not, each by its unique name (or name). */
export const notDuplicatePairSchema = z.object({
  kind: z.enum(DUPLICATE_KINDS),
  detected: z.string().trim().min(1).max(500),
  catalogue: z.string().trim().min(1).max(500),
});

export const teamNotDuplicateSchema = notDuplicatePairSchema.extend({
  /** When it was said (ISO). */
  at: z.string(),
  /** Who said it. */
  by: z.string(),
});
export type TeamNotDuplicate = z.infer<typeof teamNotDuplicateSchema>;

/** The team's pairs as read: an entry that is not one is left out, the others kept. */
const teamListAnswer = z.array(z.unknown()).transform((entries) =>
  entries.flatMap((entry) => {
    const read = teamNotDuplicateSchema.safeParse(entry);
    return read.success ? [read.data] : [];
  }),
);

const removedSchema = z.object({ removed: z.boolean() });

export const notDuplicateCalls = {
  /** Every pair the team said are not duplicates, newest first. */
  list: call({
    method: 'GET',
    path: `${EXTENSIONS_BASE}/not-duplicates`,
    answer: teamListAnswer,
    describe: 'pairs that are not duplicates',
    response: z.array(teamNotDuplicateSchema),
  }),
  /** Says a pair is not a duplicate, for the team; saying it again changes nothing. */
  add: call({
    method: 'POST',
    path: `${EXTENSIONS_BASE}/not-duplicates`,
    body: notDuplicatePairSchema,
    answer: teamNotDuplicateSchema,
    describe: 'pair that is not a duplicate',
    response: teamNotDuplicateSchema,
  }),
  /** Undoes it, whoever said it: the pair may be suggested again. */
  remove: call({
    method: 'POST',
    path: `${EXTENSIONS_BASE}/not-duplicates/remove`,
    body: notDuplicatePairSchema,
    answer: removedSchema,
    describe: 'removal',
    response: removedSchema,
  }),
};
