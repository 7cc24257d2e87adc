import { existsSync } from 'node:fs';
import { type Command, InvalidArgumentError } from 'commander';
import { createMemoryStack, type Embedder, MemstackError } from '../index.js';
import { addEmbedderOptions, type EmbedderFlags, embedderFromFlags } from './embedder-options.js';
import { describeDatabase, localDatabaseFile, openStore } from './open-store.js';
import { progressBar } from './progress-bar.js';

interface EmbedFlags extends EmbedderFlags {
  db: string;
  schema?: string;
  limit?: number;
  json?: boolean;
}

/**
 * `memstack embed --db <file or url> --embed-base-url <url> --embed-model <model>` (or `--embed-offline`): gives the facts and turns stored
 * without a vector of that model theirs (`stack.embedMissing`), with a count on a terminal. An embedder failure stops
 * it with the counts so far (exit code 1): run it again to finish. Ctrl-C stops it the same way.
 */
export function registerEmbedCommand(program: Command): void {
  const command = program
    .command('embed')
    .description(
      "compute the vectors a database's facts and turns lack (stored before an embedder was set, or while it failed)",
    )
    .requiredOption('--db <path-or-url>', 'the SQLite file, or a postgres:// or libSQL URL')
    .option('--schema <name>', 'the Postgres schema (with a postgres:// --db)');
  addEmbedderOptions(command)
    .option('--limit <count>', 'embed at most this many rows, then stop', parseCount)
    .option('--json', 'print the report as JSON')
    .action(async (flags: EmbedFlags) => {
      const file = localDatabaseFile(flags.db);
      if (file !== null && !existsSync(file)) throw new InvalidArgumentError(`no database at ${flags.db}`);
      const embedder = embedderFromFlags(flags, true) as Embedder;
      let failure: unknown;
      // The application's workers run its jobs, with its extractor: this stack runs none.
      const stack = createMemoryStack({
        store: await openStore(flags.db, { schema: flags.schema }),
        runJobs: false,
        embedder,
        onEvent: (event) => {
          if (event.type === 'embedding-failed' && event.phase === 'backfill') failure = event.error;
        },
      });
      const controller = new AbortController();
      const interrupt = (): void => controller.abort();
      process.once('SIGINT', interrupt);
      const bar = progressBar('embed', null);
      try {
        const report = await stack.embedMissing({
          signal: controller.signal,
          ...(flags.limit === undefined ? {} : { limit: flags.limit }),
          onProgress: ({ facts, turns }) => bar.update(facts + turns),
        });
        bar.finish();
        if (flags.json) console.log(JSON.stringify(report));
        else {
          const counts = `${report.facts} facts and ${report.turns} turns`;
          console.log(
            report.complete
              ? `embedded ${counts} with ${embedder.model} in ${describeDatabase(flags.db)}: none is left without a vector`
              : `embedded ${counts} with ${embedder.model} in ${describeDatabase(flags.db)}, then stopped: run it again to embed the rest`,
          );
        }
        if (failure !== undefined) {
          const message = MemstackError.isInstance(failure) ? `${failure.message} [${failure.code}]` : String(failure);
          console.error(`memstack: the embedder failed (${report.failed} rows kept no vector): ${message}`);
          process.exitCode = 1;
        }
      } finally {
        process.off('SIGINT', interrupt);
        await stack.close();
      }
    });
}

function parseCount(value: string): number {
  const count = Number(value);
  if (!/^\d{1,15}$/.test(value) || !Number.isSafeInteger(count)) {
    throw new InvalidArgumentError('a count is a whole number');
  }
  return count;
}
