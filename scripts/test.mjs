// `npm test`: every suite, on a fresh machine too. In its first seconds it checks the machine
// (scripts/preflight.mjs), then runs inside a private keychain session (scripts/with-keychain.sh)
// with a throwaway PostgreSQL cluster (scripts/test-postgres.sh), and runs the stages below, each
// group's stages side by side. It ends with the time of every stage and one closing line.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePackages, KEYTAR_BUILD_PACKAGES, keytarBuilt } from './preflight.mjs';
import { busyShare, readCpuTimes } from './cpuBusy.mjs';
import { countsOf } from './testCounts.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const inCi = process.env.CI === 'true';

/**
 * The stages, in groups: a group starts when the one before it has passed. The static checks and
 * the build are short and CPU-bound, side by side. The browser suite leaves about a third of two
 * cores idle (it waits on the page, core and the server in turn), so vitest runs beside it with
 * one worker, and the server suites on PostgreSQL too (they mostly wait on the database's own
 * processes): on the two-core machine class, E2E 626 s beside vitest's 569 s, where one after
 * the other took 528 s and 255 s (vitest with both cores). The suites leave the cores little
 * idle (94% busy over 770 s on a fresh clone), so the static checks do not run beside them: started
 * there at a lower priority, the whole took 926 s against 864 s. The first stage of a group prints
 * as it goes; the others print when done.
 */
const GROUPS = [
  [
    // ESLint and Prettier (npm run lint) side by side: one after the other they were the group's
    // long pole, 148 s where each typecheck took about 110 and the build 34 (two cores).
    { name: 'eslint', args: ['exec', '--', 'eslint', '.'] },
    { name: 'prettier', args: ['exec', '--', 'prettier', '--check', '.'] },
    // The three TypeScript projects side by side rather than one after another (npm run
    // typecheck): each takes about 30 s of one core, and in a row they were the group's long pole
    // (138 s, where lint took 126 and the build 17, on two cores).
    ...['node', 'web', 'e2e'].map((project) => ({
      name: `typecheck (${project})`,
      args: ['exec', '--', 'tsc', '-p', `tsconfig.${project}.json`, '--noEmit'],
    })),
    { name: 'build', args: ['run', '-s', 'build'] },
  ],
  [
    { name: 'e2e', args: ['run', '-s', 'test:e2e'] },
    {
      name: 'unit (PGlite)',
      // One worker: the browser suite has the rest.
      args: ['run', '-s', 'test:unit', '--', '--maxWorkers=1'],
      env: { DQC_TEST_ENGINES: 'pglite' },
    },
    {
      name: 'server (PostgreSQL)',
      args: ['run', '-s', 'test:unit', '--', '--project', 'server', ...postgresSuites()],
      env: { DQC_TEST_ENGINES: 'postgres' },
      needsPostgres: true,
    },
  ],
];

/** The server suites that run on PostgreSQL: those that name the engines or the database URL. */
function postgresSuites() {
  const folder = join(root, 'tests/server');
  return readdirSync(folder)
    .filter((file) => file.endsWith('.test.ts'))
    .filter((file) =>
      /\bENGINES\b|DQC_TEST_DATABASE_URL/.test(readFileSync(join(folder, file), 'utf8')),
    )
    .map((file) => `tests/server/${file}`);
}

function preflight() {
  if (!ensurePackages()) process.exit(1);
  if (!keytarBuilt(root)) {
    const line = `apt-get install -y ${KEYTAR_BUILD_PACKAGES.map((p) => p.name).join(' ')} && npm ci`;
    if (inCi) {
      console.log(
        `keytar (the OS keychain module) was not built at install, and CI needs it. Run:\n  ${line}`,
      );
      process.exit(1);
    }
    console.log(
      `keytar was not built at install, so the keychain test will say it skipped (to build it: ${line}).`,
    );
  }
}

/** Runs the rest of this command inside a D-Bus session with an unlocked gnome-keyring. */
function reenterInKeychainSession() {
  const result = spawnSync(
    'bash',
    [join(root, 'scripts/with-keychain.sh'), process.execPath, fileURLToPath(import.meta.url)],
    { stdio: 'inherit', cwd: root },
  );
  process.exit(result.status ?? 1);
}

function startPostgres() {
  if (process.env.DQC_TEST_DATABASE_URL)
    return { url: process.env.DQC_TEST_DATABASE_URL, stop() {} };
  const started = spawnSync('bash', [join(root, 'scripts/test-postgres.sh'), 'start'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = started.stdout.trim().split('\n').at(-1);
  if (started.status !== 0 || !url) {
    // In CI the PostgreSQL runs are part of the verdict: a run without them must not pass.
    if (inCi) {
      console.log('Could not start a throwaway PostgreSQL cluster, which CI needs.');
      process.exit(1);
    }
    console.log(
      'Could not start a throwaway PostgreSQL cluster: the server suites run on PGlite only.',
    );
    return null;
  }
  const port = new URL(url).port;
  return {
    url,
    stop: () =>
      spawnSync('bash', [join(root, 'scripts/test-postgres.sh'), 'stop'], {
        cwd: root,
        stdio: 'ignore',
        env: { ...process.env, DQC_TEST_PG_PORT: port },
      }),
  };
}

/** One stage as a child process; resolves with its exit code, time and output. */
function run(stage, env, live) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', stage.args, {
      cwd: root,
      env: { ...process.env, ...env, ...stage.env, FORCE_COLOR: '0', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const take = (chunk) => {
      output += chunk;
      if (live) process.stdout.write(chunk);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('close', (code) =>
      resolve({
        name: stage.name,
        code: code ?? 1,
        seconds: (Date.now() - started) / 1000,
        output,
      }),
    );
  });
}

async function main() {
  // Checked once, before entering the keychain session (which runs this script again).
  if (process.env.DQC_IN_KEYCHAIN_SESSION !== '1') {
    preflight();
    reenterInKeychainSession();
  }
  const postgres = startPostgres();
  const stop = () => postgres?.stop();
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => (stop(), process.exit(130)));

  const results = [];
  const busy = [];
  const started = Date.now();
  const startedCpu = readCpuTimes();
  try {
    for (const group of GROUPS) {
      const stages = group.filter((stage) => !stage.needsPostgres || postgres);
      const env = postgres ? { DQC_TEST_DATABASE_URL: postgres.url } : {};
      const groupCpu = readCpuTimes();
      const done = await Promise.all(
        stages.map((stage, index) =>
          run(stage, stage.needsPostgres ? env : {}, index === 0).then((result) => {
            if (index > 0) process.stdout.write(`\n--- ${stage.name} ---\n${result.output}`);
            return result;
          }),
        ),
      );
      results.push(...done);
      busy.push({
        stages: stages.map((stage) => stage.name),
        share: busyShare(groupCpu, readCpuTimes()),
      });
      if (done.some((result) => result.code !== 0)) break;
    }
  } finally {
    stop();
  }

  const total = { passed: 0, failed: 0, skipped: 0 };
  console.log('\nstage                   time    result');
  for (const result of results) {
    const counts = countsOf(result.output);
    for (const key of Object.keys(total)) total[key] += counts[key];
    const verdict = result.code === 0 ? 'ok' : `FAILED (exit ${result.code})`;
    console.log(`${result.name.padEnd(22)} ${result.seconds.toFixed(0).padStart(5)} s  ${verdict}`);
  }
  console.log(`all stages            ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s`);
  // How busy the cores were: a group that leaves them idle could take more beside it.
  const percent = (share) => (share === null ? 'unknown' : `${Math.round(share * 100)}%`);
  for (const group of busy)
    console.log(`cores busy ${percent(group.share).padStart(7)}  ${group.stages.join(', ')}`);
  console.log(
    `cores busy ${percent(busyShare(startedCpu, readCpuTimes())).padStart(7)}  all stages`,
  );
  const failed = results.some((result) => result.code !== 0);
  console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  process.exit(failed || results.length === 0 ? 1 : 0);
}

void main();
