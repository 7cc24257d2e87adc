// One process of the open-race test: opens a series of new SQLite files, each at a moment agreed with the other
// processes (so that they create the same file at once), and prints the failures as one JSON line.
import { join } from 'node:path';
import { sqliteStore } from '../../src/sqlite.js';

const [directory, files, startAt, gapMs] = process.argv.slice(2);
if (!directory || !files || !startAt || !gapMs)
  throw new Error('usage: open-worker <directory> <files> <startAt> <gapMs>');

const errors: string[] = [];
for (let index = 0; index < Number(files); index += 1) {
  const moment = Number(startAt) + index * Number(gapMs);
  while (Date.now() < moment) await new Promise((resolve) => setTimeout(resolve, Math.min(1, moment - Date.now())));
  try {
    const store = sqliteStore({ path: join(directory, `open-${index}.db`) });
    await store.close();
  } catch (error) {
    errors.push(`file ${index}: ${String(error)}`);
  }
}
process.stdout.write(`${JSON.stringify({ errors })}\n`);
