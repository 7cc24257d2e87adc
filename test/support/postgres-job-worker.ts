// A worker process on a Postgres store's job queue: it claims one job and runs it. `hang`: it notes the attempt,
// prints `claimed <id>` and never finishes (the test kills it with SIGKILL); `finish`: it notes the attempt, writes
// the job's effect (once per job id) and completes it, then prints `done <id> <attempts> <completed>`.
import { setTimeout as sleep } from 'node:timers/promises';
import { postgresStore } from '../../src/postgres.js';

const [url, schema, mode, worker = `${mode}-${process.pid}`] = process.argv.slice(2);
if (!url || !schema || (mode !== 'hang' && mode !== 'finish')) {
  throw new Error('usage: postgres-job-worker <url> <schema> hang|finish [worker]');
}
const store = await postgresStore({ connectionString: url, schema, poolSize: 2 });
const jobs = store.jobs;
if (!jobs) throw new Error('the store keeps jobs by default');
const lease = () => ({ worker, leaseMs: 1000, maxAttempts: 3, at: new Date() });
const deadline = Date.now() + 12_000;
let claimed = await jobs.claim(lease());
while (!claimed && Date.now() < deadline) {
  await sleep(100);
  claimed = await jobs.claim(lease());
}
if (!claimed) throw new Error(`${worker} found no job`);
await store.pool.query(`INSERT INTO "${schema}".attempts (job_id, worker) VALUES ($1, $2)`, [claimed.id, worker]);
if (mode === 'hang') {
  process.stdout.write(`claimed ${claimed.id}\n`);
  // Mid-job, for good: only SIGKILL ends this process.
  setInterval(() => {}, 60_000);
} else {
  await store.pool.query(`INSERT INTO "${schema}".effects (job_id) VALUES ($1) ON CONFLICT DO NOTHING`, [claimed.id]);
  const completed = await jobs.complete(claimed.id, worker);
  process.stdout.write(`done ${claimed.id} ${claimed.attempts} ${completed}\n`);
  await store.close();
}
