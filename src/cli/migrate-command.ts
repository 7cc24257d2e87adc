import { existsSync } from 'node:fs';
import { type Command, InvalidArgumentError } from 'commander';
import { sqliteStore } from '../sqlite.js';
import { describeDatabase, isPostgresUrl } from './open-store.js';
import { progressBar } from './progress-bar.js';

/**
 * `memstack migrate --from <sqlite file> --to postgres://...`: copies everything the file holds into an empty
 * Postgres schema, ids and all, in one transaction, with a progress bar on a terminal.
 */
export function registerMigrateCommand(program: Command): void {
  program
    .command('migrate')
    .description(
      'copy a SQLite file into an empty PostgreSQL schema: sessions, turns, facts, pins, summaries, pending jobs',
    )
    .requiredOption('--from <file>', 'the SQLite file')
    .requiredOption('--to <url>', 'a postgres:// URL')
    .option('--schema <name>', 'the Postgres schema to create and fill', 'memstack')
    .option('--json', 'print the report as JSON')
    .action(async (flags: { from: string; to: string; schema: string; json?: boolean }) => {
      if (!existsSync(flags.from)) throw new InvalidArgumentError(`no database at ${flags.from}`);
      if (!isPostgresUrl(flags.to)) throw new InvalidArgumentError('--to takes a postgres:// URL');
      const { postgresStore, copySqliteToPostgres } = await import('../postgres.js');
      const from = sqliteStore({ path: flags.from });
      try {
        const to = await postgresStore({ connectionString: flags.to, schema: flags.schema });
        try {
          let bar: ReturnType<typeof progressBar> | undefined;
          const report = await copySqliteToPostgres(from.database, to, {
            onProgress: ({ done, total }) => {
              bar ??= progressBar('migrate', total);
              bar.update(done);
            },
          });
          bar?.finish();
          if (flags.json) console.log(JSON.stringify(report));
          else {
            console.log(
              `copied to ${describeDatabase(flags.to)} (schema ${flags.schema}): ${report.sessions} sessions, ${report.turns} turns, ${report.facts} facts, ${report.traces} traces, ${report.jobs} pending jobs`,
            );
          }
        } finally {
          await to.close();
        }
      } finally {
        await from.close();
      }
    });
}
