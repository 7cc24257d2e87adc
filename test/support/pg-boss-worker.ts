// A worker process on a pg-boss queue (decision 20): it claims one job and runs it. `hang`: it notes the attempt,
// prints `claimed <id>` and never finishes (the test kills it with SIGKILL); `finish`: it notes the attempt, writes
// the job's effect (once per job id) and completes it, then prints `done <id> <attempts> <completed>`.
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { pgBossJobs } from '../../src/stores/postgres/pg-boss-jobs.js';

const [url, schema, mode, worker = `${mode}-${process.pid}`] = process.argv.slice(2);
if (!url || !schema || (mode !== 'hang' && mode !== 'finish')) {
  throw new Error('usage: pg-boss-worker <url> <schema> hang|finish [worker]');
}
const pool = new pg.Pool({ connectionString: url, max: 4 });
const jobs = pgBossJobs({ pool, schema, lanes: 4, leaseMs: 1000, maxAttempts: 3, maintenanceIntervalSeconds: 1 });
await jobs.start();
const deadline = Date.now() + 12_000;
let claimed = await jobs.claim({ worker, leaseMs: 1000, maxAttempts: 3, at: new Date() });
while (!claimed && Date.now() < deadline) {
  await sleep(100);
  claimed = await jobs.claim({ worker, leaseMs: 1000, maxAttempts: 3, at: new Date() });
}
if (!claimed) throw new Error(`${worker} found no job`);
await pool.query(`INSERT INTO "${schema}".attempts (job_id, worker) VALUES ($1, $2)`, [claimed.id, worker]);
if (mode === 'hang') {
  process.stdout.write(`claimed ${claimed.id}\n`);
  // Mid-job, for good: only SIGKILL ends this process.
  setInterval(() => {}, 60_000);
} else {
  await pool.query(`INSERT INTO "${schema}".effects (job_id) VALUES ($1) ON CONFLICT DO NOTHING`, [claimed.id]);
  const completed = await jobs.complete(claimed.id, worker);
  process.stdout.write(`done ${claimed.id} ${claimed.attempts} ${completed}\n`);
  await jobs.stop();
  await pool.end();
}
