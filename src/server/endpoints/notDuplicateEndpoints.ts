import type { EXTENSION_GROUPS } from '../../shared/api';
import type { ServerContext } from '../context';
import type { GroupImplementations } from '../http/serveCalls';
import { sendError } from '../http/validate';
import {
  addNotDuplicate,
  listNotDuplicates,
  removeNotDuplicate,
} from '../workbench/notDuplicateRepo';

type Groups = Pick<typeof EXTENSION_GROUPS, 'notDuplicates'>;

/**
 * The not-duplicates extension (issue 49): the team's "not a duplicate" pairs. Who said one is the
 * token's user (requireAdmin read it), never a name from the body. Registered from the
 * declarations (src/shared/api/notDuplicates.ts) like every extension.
 */
export function notDuplicateImplementations(ctx: ServerContext): GroupImplementations<Groups> {
  const { db } = ctx;
  return {
    notDuplicates: {
      list: async () => listNotDuplicates(db),
      add: async ({ body, user }, reply) =>
        user
          ? addNotDuplicate(db, body, user)
          : sendError(reply, 403, 'forbidden', 'A pair needs a signed-in user to say it.'),
      remove: async ({ body }) => ({ removed: await removeNotDuplicate(db, body) }),
    },
  };
}
