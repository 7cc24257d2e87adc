import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { forgetScenario, ID_POOL } from '../test/support/forget-scenario.js';
import { killDuringWrites } from '../test/support/kill-during-writes.js';
import { printTable } from './print-table.js';
import { faultInjection } from './reliability-faults.js';
import { hostileCalls } from './reliability-hostile-calls.js';
import { forgetStalls, largeInputStalls, STALL_BUDGET_MS } from './reliability-stalls.js';

const worker = join(import.meta.dirname, '../test/support/store-worker.ts');

/**
 * `npm run bench -- reliability`: the attacks of issue 9, with their figures. Several processes on one new file;
 * kill -9 during writes; forget in shared sessions with hostile ids, then the file's bytes; an extraction model that
 * fails in every way a real API fails; public functions given values of every type; large inputs and the longest
 * event-loop stall. Each row says what was tried and what went wrong (0 is the goal).
 */
export async function reliabilityBench(): Promise<Record<string, unknown>> {
  const directory = mkdtempSync(join(tmpdir(), 'memstack-reliability-'));
  try {
    const processes = await severalProcesses(directory);
    const kills = await killDuringWrites({ path: join(directory, 'killed.db'), kills: 12 });
    const forget = await forgetAttacks(directory);
    const faults = await faultInjection();
    const hostile = await hostileCalls();
    const stalls = await largeInputStalls();
    const forgetAtScale = await forgetStalls(join(directory, 'forget-at-scale.db'));
    printTable(
      'Reliability: attacks and what they broke',
      ['attack', 'tried', 'failures', 'detail'],
      [
        [
          'processes on one new file',
          `${processes.processes} × ${processes.rounds} rounds, ${processes.calls} calls`,
          processes.failedCalls + processes.lostExtractions + processes.lostRows,
          `${processes.failedCalls} calls failed, ${processes.lostExtractions} extractions lost, ${processes.lostRows} rows missing`,
        ],
        [
          'kill -9 during writes',
          `${kills.kills} kills, ${kills.acknowledged} acknowledged turns`,
          kills.lost + kills.torn + kills.unsound,
          `${kills.lost} lost, ${kills.torn} torn, ${kills.unsound} unsound files`,
        ],
        [
          'forget (shared sessions, hostile ids)',
          `${forget.scenarios} scenarios, ${forget.turnsForgotten} turns forgotten`,
          forget.leaks + forget.othersChanged,
          `${forget.bytesLeft} bytes left in the file, ${forget.leaks} leaks (API, requests, file, index), ${forget.othersChanged} other scopes' rows changed`,
        ],
        [
          'failing extraction model',
          `${faults.turns} turns, ${faults.faults} faults`,
          faults.stored + faults.failedTurns,
          `${faults.stored} garbage texts stored, ${faults.failedTurns} turns failed`,
        ],
        [
          'public functions, any value',
          `${hostile.calls} calls`,
          hostile.untyped,
          `${hostile.untyped} errors that are not a MemstackError, ${hostile.typed} typed errors`,
        ],
        [
          'large inputs (prepare, record, extraction)',
          `${stalls.inputs} inputs up to ${stalls.largestChars.toLocaleString('en')} characters`,
          stalls.overBudget,
          `longest event-loop stall ${stalls.longestStallMs.toFixed(0)} ms (${stalls.longestInput})`,
        ],
        [
          'forget at scale (50,000 facts in the file)',
          `${forgetAtScale.facts} facts, ${forgetAtScale.turns} turns forgotten`,
          forgetAtScale.longestStallMs > STALL_BUDGET_MS ? 1 : 0,
          `longest event-loop stall ${forgetAtScale.longestStallMs.toFixed(0)} ms, ${forgetAtScale.totalMs.toFixed(0)} ms in all`,
        ],
      ],
    );
    return { processes, kills, forget, faults, hostile, stalls, forgetAtScale };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

const PROCESSES = 4;
const ROUNDS = 3;
const TURNS = 20;
const FACTS = 100;

async function severalProcesses(directory: string) {
  let failedCalls = 0;
  let lostExtractions = 0;
  let lostRows = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const path = join(directory, `processes-${round}.db`);
    const startAt = Date.now() + 4000;
    const outputs = await Promise.all(
      Array.from({ length: PROCESSES }, (_, index) =>
        run([path, String(index), String(startAt), String(TURNS), String(FACTS)]),
      ),
    );
    for (const output of outputs) {
      const result = JSON.parse(output.trim().split('\n').at(-1) ?? '{"errors":["no output"],"failures":[]}') as {
        errors: string[];
        failures: string[];
      };
      failedCalls += result.errors.length;
      lostExtractions += result.failures.length;
    }
    const database = new Database(path, { readonly: true });
    const count = (sql: string, ...values: unknown[]) => (database.prepare(sql).get(...values) as { n: number }).n;
    for (let index = 0; index < PROCESSES; index += 1) {
      lostRows += Math.max(0, FACTS - count('SELECT count(*) AS n FROM facts WHERE user_id = ?', `api-${index}`));
      lostRows += Math.max(0, TURNS - count('SELECT count(*) AS n FROM facts WHERE user_id = ?', `w${index}`));
    }
    lostRows += Math.max(0, PROCESSES * TURNS * 2 - count('SELECT count(*) AS n FROM turns'));
    database.close();
  }
  return {
    processes: PROCESSES,
    rounds: ROUNDS,
    calls: ROUNDS * PROCESSES * (FACTS + TURNS * 2),
    failedCalls,
    lostExtractions,
    lostRows,
  };
}

function run(args: string[]): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', worker, ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.on('close', () => resolve(stdout));
  });
}

async function forgetAttacks(directory: string) {
  const samples = fc.sample(
    fc.tuple(fc.uniqueArray(fc.constantFrom(...ID_POOL), { minLength: 2, maxLength: 3 }), fc.nat(), fc.boolean()),
    { numRuns: 10, seed: 9 },
  );
  const totals = { scenarios: 0, turnsForgotten: 0, bytesLeft: 0, leaks: 0, othersChanged: 0 };
  // The last two are large: each user says their lines 12 times in each place and has 250 direct facts, so that a
  // forget takes several batches and the indexes span many pages.
  for (const [index, [users, pick, waitForExtraction]] of samples.entries()) {
    const large = index >= samples.length - 2;
    const outcome = await forgetScenario({
      path: join(directory, `forget-${index}.db`),
      users,
      forgotten: pick % users.length,
      waitForExtraction,
      ...(large ? { rounds: 12, directFacts: 250 } : {}),
    });
    totals.scenarios += 1;
    totals.turnsForgotten += outcome.turnsForgotten;
    totals.bytesLeft += outcome.bytesLeft;
    totals.leaks += outcome.inApi.length + outcome.inRequests.length + outcome.inFile.length + outcome.inIndex.length;
    totals.othersChanged += outcome.othersFactsChanged + outcome.othersTurnsLost + (outcome.othersKept ? 0 : 1);
  }
  return totals;
}
