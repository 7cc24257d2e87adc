import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { SQLITE_MIGRATIONS } from '../../src/stores/sqlite/sqlite-migrations.js';

const support = join(dirname(fileURLToPath(import.meta.url)), '../support');
const worker = join(support, 'store-worker.ts');
const openWorker = join(support, 'open-worker.ts');
const directory = mkdtempSync(join(tmpdir(), 'memstack-processes-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const PROCESSES = 4;
const TURNS = 20;
const FACTS = 100;
const OPEN_RACES = 30;

function run(args: string[], script = worker): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('several processes on one SQLite file', () => {
  it(`${PROCESSES} processes create the same new file at the same moment, ${OPEN_RACES} times: every open succeeds`, async () => {
    // The switch of a new file to WAL is where SQLite fails one of two processes at once instead of waiting (about
    // one open in twenty here, before it was retried): many cheap races, rather than a few expensive ones.
    const races = mkdtempSync(join(directory, 'races-'));
    const startAt = Date.now() + 4000;
    const results = await Promise.all(
      Array.from({ length: PROCESSES }, () => run([races, String(OPEN_RACES), String(startAt), '150'], openWorker)),
    );
    for (const result of results) {
      expect(result.stderr).toBe('');
      expect(JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}')).toEqual({ errors: [] });
    }
  }, 60_000);

  it(`${PROCESSES} processes create, migrate and write a new file at the same moment: no call fails, nothing is lost`, async () => {
    for (let round = 0; round < 2; round += 1) {
      const path = join(directory, `shared-${round}.db`);
      // Every process opens at this moment, once all of them have loaded.
      const startAt = Date.now() + 4000;
      const results = await Promise.all(
        Array.from({ length: PROCESSES }, (_, index) =>
          run([path, String(index), String(startAt), String(TURNS), String(FACTS)]),
        ),
      );
      for (const result of results) {
        expect(result.stderr).toBe('');
        expect(result.code).toBe(0);
        expect(JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}')).toEqual({ errors: [], failures: [] });
      }
      const database = new Database(path, { readonly: true });
      expect(database.pragma('user_version', { simple: true })).toBe(SQLITE_MIGRATIONS.length);
      // Each process waited, in close, for the jobs it could run and for its own retries: none is left for no one.
      expect(database.prepare("SELECT state, attempts, error FROM jobs WHERE state != 'done'").all()).toEqual([]);
      for (let index = 0; index < PROCESSES; index += 1) {
        const count = (userId: string) =>
          (database.prepare('SELECT count(*) AS n FROM facts WHERE user_id = ?').get(userId) as { n: number }).n;
        // Every direct fact, and the fact of every turn (superseded ones included: none was lost to a busy store).
        expect(count(`api-${index}`)).toBe(FACTS);
        expect(count(`w${index}`)).toBe(TURNS);
      }
      const turns = database.prepare('SELECT session_key, role FROM turns ORDER BY id').all() as Array<{
        session_key: string;
        role: string;
      }>;
      expect(turns).toHaveLength(PROCESSES * TURNS * 2);
      // Each exchange is stored whole: in every session, user and assistant turns alternate.
      const bySession = new Map<string, typeof turns>();
      for (const turn of turns) bySession.set(turn.session_key, [...(bySession.get(turn.session_key) ?? []), turn]);
      expect(bySession.size).toBe(PROCESSES + 1);
      for (const sessionTurns of bySession.values()) {
        expect(sessionTurns.map((turn) => turn.role)).toEqual(
          sessionTurns.map((_, at) => (at % 2 === 0 ? 'user' : 'assistant')),
        );
      }
      database.close();
    }
  }, 120_000);
});
