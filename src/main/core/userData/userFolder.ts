import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * One folder per user of one API host (DESIGN.md, "Per-user local data"): the journal and the runs
 * of reviewer1 on the provider are apart from reviewer1's on the demo server and from reviewer2's.
 * The name is a hash, so that no username or host becomes a path; `user.json` says whose it is.
 * Nothing in it is a secret, and nothing secret goes in.
 */
export function userFolderOf(root: string, apiUrl: string, username: string): string {
  const hash = createHash('sha256').update(`${apiUrl}\n${username}`).digest('hex').slice(0, 20);
  return join(root, 'users', hash);
}

export async function ensureUserFolder(
  root: string,
  apiUrl: string,
  username: string,
): Promise<string> {
  const folder = userFolderOf(root, apiUrl, username);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await writeFile(join(folder, 'user.json'), `${JSON.stringify({ username, apiUrl })}\n`, {
    mode: 0o600,
  });
  return folder;
}
