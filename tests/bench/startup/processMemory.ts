import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { FORM, signInForm } from '../../support/testServer';
import { fullFilter } from '../review/filterMatrix';
import { PROJECT_ROOT } from '../lib/browserConsole';
import { exited, startDemoServerProcess } from './processTimer';

/** A process's resident memory in MB, as the OS counts it (Linux: VmRSS of /proc/<pid>/status). */
export function residentMB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) / 1024;
}

/**
 * The calls a reviewer's first minutes make, so that the figure is the server's memory in use, not
 * its memory just after start: sign-in, a page of each review list with its counts, both keyword
 * lists, the currency catalogue and the tag list.
 */
async function aSessionsCalls(url: string): Promise<void> {
  const signIn = await fetch(`${url}/sign-in`, {
    method: 'POST',
    headers: FORM,
    body: signInForm('reviewer1', 'demo'),
  });
  if (!signIn.ok) throw new Error(`the demo server's sign-in answered ${signIn.status}`);
  const { access_token: token } = (await signIn.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const body = JSON.stringify(fullFilter({}));
  const calls = [
    fetch(`${url}/twitter-service/filter`, { method: 'POST', headers, body }),
    fetch(`${url}/twitter-service/count`, { method: 'POST', headers, body }),
    fetch(`${url}/news-service/filter`, { method: 'POST', headers, body }),
    fetch(`${url}/twitter-service/get-keywords`, { headers }),
    fetch(`${url}/news-service/get-keywords`, { headers }),
    fetch(`${url}/configuration-service/dqc/get-currencies`, { headers }),
    fetch(`${url}/configuration-service/dqc/get-crypto-tags-includes-e`, { headers }),
  ];
  for (const answer of await Promise.all(calls)) {
    if (!answer.ok) throw new Error(`${answer.url} answered ${answer.status}`);
    await answer.arrayBuffer();
  }
}

/**
 * The embedded demo server as the desktop app runs it (out/main/server.js in a process of its
 * own) on `dataDir`, after a session's calls: its resident memory in MB.
 */
export async function demoServerResidentMB(dataDir: string): Promise<number> {
  const server = await startDemoServerProcess(dataDir, 'bundle');
  try {
    await aSessionsCalls(server.url);
    return residentMB(server.pid);
  } finally {
    await server.stop();
  }
}

/** Plain Node doing nothing: the least memory any of the console's processes can take. */
export async function idleNodeResidentMB(): Promise<number> {
  const child = spawn(
    process.execPath,
    ['-e', 'console.log("ready"); setInterval(() => undefined, 1000)'],
    { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    await new Promise<void>((done, fail) => {
      child.stdout!.once('data', () => done());
      child.once('exit', (code) => fail(new Error(`idle node exited with ${code}`)));
    });
    return residentMB(child.pid!);
  } finally {
    child.kill();
    await exited(child);
  }
}
