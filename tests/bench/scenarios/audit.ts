/**
 * The blind audit at scale (`npm run bench -- audit`): our server on PostgreSQL with the team
 * scenario's BENCH_TEAM_TWEETS tweets (default 10,000,000; `npm run bench -- team audit` loads them
 * once, BENCH_REUSE=1 keeps them across runs). A lead draws BENCH_AUDIT_SAMPLES team samples of 200
 * items (default 10) over the last 7 days of the data, as the Quality screen's Draw does; three
 * reviewers answer each sample through the next-item and answer calls before the next is drawn,
 * as a team's shifts do. Then the Quality screen's figures are read BENCH_ROUNDS times (default
 * 30): every answer of the team with the strata (what core's estimates read) and the
 * disagreements, one after the other, as the screen asks for them.
 *
 * Targets (issue 47): the Quality screen's figures at most 200 ms server time at p95, drawing a
 * 200-item sample at most 1 s. Floors, measured in the same run: for the figures, the same rows
 * read with plain SQL on one connection; for the draw, the four stratum counts a draw must make
 * (the Review filter's count of each source and decision over the window). Server times are taken
 * in the server, from the request reaching it to its answer's last byte (as the team scenario's).
 * It measures; it never fails.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startServer, type RunningServer } from '../../../src/server/app';
import { createUser } from '../../../src/server/auth/users';
import { serverConfigFromEnv } from '../../../src/server/config';
import { auditCalls } from '../../../src/shared/api/audit';
import { ADMIN_ROLE } from '../../../src/shared/constants';
import { TEST_SCRYPT } from '../../support/testServer';
import { spread, type Figure } from '../lib/figures';
import { runScenario } from '../lib/scenario';
import { signInReviewer, type ReviewerClient } from '../team/reviewerClient';
import { benchNumber, ensureTeamTweets, openTeamDatabase, TEAM_TWEETS } from '../team/teamDatabase';
import { teamUserName } from '../team/teamUsers';

const SAMPLES = Math.round(benchNumber('BENCH_AUDIT_SAMPLES', 10, 1));
const ROUNDS = Math.round(benchNumber('BENCH_ROUNDS', 30, 1));
const SAMPLE_SIZE = 200;
const REVIEWERS = 3;
const log = (line: string) => console.log(line);
const fmt = (n: number) => n.toLocaleString('en');

type Timed = 'draw' | 'answers' | 'disagreements' | 'next' | 'answer';

/** Which timed call a request is, from its method and path; null for any other call. */
function timedOf(method: string | undefined, url: string | undefined): Timed | null {
  if (!url) return null;
  const path = url.split('?')[0];
  if (method === 'POST' && path === auditCalls.draw.path) return 'draw';
  if (method === 'GET' && path === auditCalls.answers.path) return 'answers';
  if (method === 'GET' && path === auditCalls.disagreements.path) return 'disagreements';
  if (method === 'POST' && path === auditCalls.next.path) return 'next';
  if (method === 'POST' && path === auditCalls.answer.path) return 'answer';
  return null;
}

/** The server's own times of the timed calls, as the team scenario's server child takes them. */
function timeCalls(server: RunningServer) {
  const times: Record<Timed, number[]> = {
    draw: [],
    answers: [],
    disagreements: [],
    next: [],
    answer: [],
  };
  server.app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const kind = timedOf(req.method, req.url);
    if (!kind) return;
    const started = performance.now();
    res.once('finish', () => {
      if (res.statusCode < 500) times[kind].push(performance.now() - started);
    });
  });
  return times;
}

async function ensureReviewers(server: RunningServer): Promise<void> {
  const db = server.context.db;
  const existing = new Set(
    (await db.query<{ username: string }>('SELECT username FROM users')).map((r) => r.username),
  );
  for (let n = 1; n <= REVIEWERS; n++) {
    const username = teamUserName(n);
    if (!existing.has(username))
      await createUser(db, { username, roles: [ADMIN_ROLE], password: 'demo', cost: TEST_SCRYPT });
  }
}

function expectOk(what: string, answer: { status: number; body: unknown }) {
  if (answer.status >= 300)
    throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
  return answer.body;
}

/**
 * Every reviewer takes and answers items until none is left for anyone. The answers follow a
 * hidden coin per item with a reviewer's own slip now and then, so that two reviewers of an item
 * sometimes disagree, as people do.
 */
async function answerAll(reviewers: ReviewerClient[]): Promise<number> {
  let answered = 0;
  let idle = 0;
  for (let turn = 0; idle < reviewers.length; turn++) {
    const reviewer = reviewers[turn % reviewers.length]!;
    const next = expectOk('next item', await reviewer.send('POST', auditCalls.next.path)) as {
      card: { sampleItemId: number; item: { id: number } } | null;
    };
    if (!next.card) {
      idle += 1;
      continue;
    }
    idle = 0;
    const truth = next.card.item.id % 3 !== 0;
    const slip = Math.random() < 0.08;
    expectOk(
      'answer',
      await reviewer.send('POST', auditCalls.answer.path, {
        sampleItemId: next.card.sampleItemId,
        answer: truth !== slip ? 'keep' : 'eliminate',
      }),
    );
    answered += 1;
  }
  return answered;
}

/** The four stratum counts a draw makes, with plain SQL: the draw's floor. */
async function countStrata(db: pg.Client, from: string, to: string): Promise<void> {
  for (const kept of [true, false])
    await db.query(
      'SELECT count(*) FROM tweets WHERE selected = $1 AND detect_time BETWEEN $2 AND $3',
      [kept, from, to],
    );
  await db.query(
    'SELECT count(*) FROM news WHERE detect_time BETWEEN $1 AND $2 GROUP BY selected',
    [from, to],
  );
}

/** The rows the Quality figures read, with plain SQL: their floor. */
async function readRawFigures(db: pg.Client): Promise<void> {
  await db.query(
    `SELECT w.*, i.service, i.item_id, i.classifier_kept, i.keywords, i.origin, i.detect_day,
            i.model_run_id
       FROM audit_answers AS w JOIN audit_items AS i ON i.id = w.audit_item_id`,
  );
  await db.query('SELECT * FROM audit_samples');
  await db.query('SELECT * FROM audit_strata');
}

runScenario('audit', async (notes) => {
  const database = await openTeamDatabase(notes, log);
  if (!database) return [];
  const db = new pg.Client({ connectionString: database.url });
  let server: RunningServer | null = null;
  try {
    server = await startServer({
      ...serverConfigFromEnv({}),
      port: 0,
      dataDir: null,
      databaseUrl: database.url,
      passwordHashCost: TEST_SCRYPT,
      accessTokenTtlSeconds: 4 * 3600,
    });
    await db.connect();
    await ensureTeamTweets(db, notes, log);
    await ensureReviewers(server);
    const times = timeCalls(server);
    const reviewers = await Promise.all(
      Array.from({ length: REVIEWERS }, (_, n) => signInReviewer(server!.url, teamUserName(n + 1))),
    );
    const [end] = (await db.query<{ last: Date }>('SELECT max(detect_time) AS last FROM tweets'))
      .rows;
    const to = end!.last.toISOString();
    const from = new Date(end!.last.getTime() - 7 * 86_400_000).toISOString();
    const [window] = (
      await db.query<{ n: string }>(
        'SELECT count(*) AS n FROM tweets WHERE detect_time BETWEEN $1 AND $2',
        [from, to],
      )
    ).rows;

    const drawFloor: number[] = [];
    let answered = 0;
    for (let sample = 1; sample <= SAMPLES; sample++) {
      const started = performance.now();
      await countStrata(db, from, to);
      drawFloor.push(performance.now() - started);
      expectOk(
        'draw',
        await reviewers[0]!.send('POST', auditCalls.draw.path, {
          from,
          to,
          size: SAMPLE_SIZE,
        }),
      );
      answered += await answerAll(reviewers);
      log(`  sample ${sample} of ${SAMPLES} drawn and answered (${fmt(answered)} answers)`);
    }
    const [held] = (
      await db.query<{ answers: string; items: string }>(
        `SELECT (SELECT count(*) FROM audit_answers) AS answers,
                (SELECT count(*) FROM audit_items) AS items`,
      )
    ).rows;

    const rawFigures: number[] = [];
    const screenFigures: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      let started = performance.now();
      await readRawFigures(db);
      rawFigures.push(performance.now() - started);
      const before = { answers: times.answers.length, disagreements: times.disagreements.length };
      started = performance.now();
      expectOk('answers', await reviewers[1]!.send('GET', auditCalls.answers.path));
      expectOk('disagreements', await reviewers[1]!.send('GET', auditCalls.disagreements.path));
      screenFigures.push(
        (times.answers[before.answers] ?? 0) + (times.disagreements[before.disagreements] ?? 0),
      );
    }

    const scale = TEAM_TWEETS < 10_000_000 ? ` (small scale: ${fmt(TEAM_TWEETS)} tweets)` : '';
    notes.push(
      `Audit: ${SAMPLES} samples of ${SAMPLE_SIZE} drawn over ${fmt(Number(window!.n))} tweets detected between ${from} and ${to} (the data's last 7 days), answered by ${REVIEWERS} reviewers in this run (${fmt(answered)} answers); the team's audit tables hold ${fmt(Number(held!.answers))} answers on ${fmt(Number(held!.items))} audit items, earlier runs' included. ` +
        `Next item p95 ${spread(times.next).p95.toFixed(1)} ms, answer p95 ${spread(times.answer).p95.toFixed(1)} ms (server time).`,
    );
    const figure = (f: Omit<Figure, 'scenario'>): Figure => ({ scenario: 'audit', ...f });
    return [
      figure({
        name: `Quality screen's figures (all answers, then disagreements), server time${scale}`,
        unit: 'ms',
        value: spread(screenFigures),
        floor: { name: 'the same rows read with plain SQL', value: spread(rawFigures) },
        judge: 'p95',
        target: 200,
        note: `${fmt(Number(held!.answers))} answers read`,
      }),
      figure({
        name: `Drawing a ${SAMPLE_SIZE}-item team sample, server time${scale}`,
        unit: 'ms',
        value: spread(times.draw),
        floor: {
          name: "the window's four stratum counts with plain SQL",
          value: spread(drawFloor),
        },
        judge: 'p95',
        target: 1000,
        note: `${fmt(Number(window!.n))} tweets in the 7-day window`,
      }),
    ];
  } finally {
    await db.end().catch(() => undefined);
    await server?.close();
    database.stop();
  }
});
