import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';

const writer = join(dirname(fileURLToPath(import.meta.url)), 'turn-writer.ts');

export interface KillReport {
  kills: number;
  /** Turns whose record() had resolved before the kill. */
  acknowledged: number;
  /** Acknowledged turns missing afterwards (user turn or reply). */
  lost: number;
  /** Exchanges stored half (a user turn without its reply). */
  torn: number;
  /** Files that failed `PRAGMA integrity_check` or an FTS5 integrity check after a kill. */
  unsound: number;
}

/**
 * Starts a process that records turns into `path` as fast as it can, kills it with SIGKILL after a random number of
 * acknowledged turns, and checks the file: every acknowledged exchange is there whole, and the file and its
 * full-text indexes pass their integrity checks. Repeats `kills` times on the same file.
 */
export async function killDuringWrites(options: { path: string; kills: number }): Promise<KillReport> {
  const report: KillReport = { kills: 0, acknowledged: 0, lost: 0, torn: 0, unsound: 0 };
  for (let round = 0; round < options.kills; round += 1) {
    const prefix = `k${round}`;
    const child = spawn(process.execPath, ['--import', 'tsx', writer, options.path, prefix], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const target = 3 + Math.floor(Math.random() * 25);
    const acknowledged = await new Promise<number[]>((resolve) => {
      const acks: number[] = [];
      let buffer = '';
      child.stdout.on('data', (chunk: Buffer) => {
        buffer += chunk.toString('utf8');
        const lines = buffer.split('\n');
        buffer = lines.pop() ?? '';
        for (const line of lines) {
          const match = /^ack (\d+)$/.exec(line);
          if (match) acks.push(Number(match[1]));
        }
        if (acks.length >= target && !child.killed) {
          // Kill at a random moment of the next write, not right after an acknowledgement.
          setTimeout(() => child.kill('SIGKILL'), Math.random() * 5);
        }
      });
      child.on('close', () => resolve(acks));
    });
    report.kills += 1;
    report.acknowledged += acknowledged.length;
    const database = new Database(options.path);
    const texts = new Set(
      (database.prepare('SELECT text FROM turns WHERE user_id = ?').all(prefix) as Array<{ text: string }>).map(
        (row) => row.text,
      ),
    );
    for (const index of acknowledged) {
      const asked = [...texts].some((text) => text.startsWith(`Turn ${prefix}-${index}:`));
      if (!asked || !texts.has(`Reply ${prefix}-${index}`)) report.lost += 1;
    }
    const users = [...texts].filter((text) => text.startsWith('Turn ')).length;
    const replies = [...texts].filter((text) => text.startsWith('Reply ')).length;
    report.torn += Math.abs(users - replies);
    const integrity = database.pragma('integrity_check', { simple: true });
    let ftsSound = true;
    for (const table of ['facts_words', 'facts_cjk', 'turns_words', 'turns_cjk']) {
      try {
        database.exec(`INSERT INTO ${table} (${table}) VALUES ('integrity-check')`);
      } catch {
        ftsSound = false;
      }
    }
    if (integrity !== 'ok' || !ftsSound) report.unsound += 1;
    database.close();
  }
  return report;
}
