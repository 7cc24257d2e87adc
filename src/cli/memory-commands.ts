import { once } from 'node:events';
import { createWriteStream, existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline/promises';
import { type Command, InvalidArgumentError } from 'commander';
import type { SessionSummary } from '../index.js';
import { createMemoryStack, type MemoryStack } from '../index.js';
import { addEmbedderOptions, type EmbedderFlags, embedderFromFlags } from './embedder-options.js';
import { describeDatabase, localDatabaseFile, openStore } from './open-store.js';
import { parseId } from './parse-id.js';
import { progressBar } from './progress-bar.js';
import { readExportLines } from './read-export-lines.js';

/** The flags every command on a database takes. */
interface ScopeFlags {
  db: string;
  schema?: string;
  agent: string;
  user?: string;
  thread?: string;
  json?: boolean;
}

const scoped = (command: Command): Command =>
  command
    .requiredOption('--db <path-or-url>', 'the SQLite file, or a postgres:// or libSQL URL')
    .option('--schema <name>', 'the Postgres schema (with a postgres:// --db)')
    .option('--agent <id>', 'agent id', parseId('--agent'), 'memstack-chat')
    .option('--user <id>', 'user id', parseId('--user'))
    .option('--thread <id>', 'thread id', parseId('--thread'))
    .option('--json', 'print JSON');

/**
 * A stack on an application's file that runs none of its jobs (they are the application's workers', with their
 * extractor). `create`: the file may be new (an import); otherwise a missing file is an error, not an empty database.
 */
export async function openTool(
  flags: Pick<ScopeFlags, 'db' | 'schema'> & EmbedderFlags,
  options: { create?: boolean } = {},
): Promise<MemoryStack> {
  const file = localDatabaseFile(flags.db);
  if (file !== null && !options.create && !existsSync(file)) {
    throw new InvalidArgumentError(`no database at ${flags.db}`);
  }
  // With the application's embedder, facts are searched as its `prepare` ranks them and added with their vector.
  const embedder = embedderFromFlags(flags);
  return createMemoryStack({
    store: await openStore(flags.db, { schema: flags.schema }),
    runJobs: false,
    ...(embedder ? { embedder } : {}),
  });
}

async function withTool(
  flags: Pick<ScopeFlags, 'db' | 'schema'> & EmbedderFlags,
  work: (stack: MemoryStack) => Promise<void>,
  options: { create?: boolean } = {},
): Promise<void> {
  const stack = await openTool(flags, options);
  try {
    await work(stack);
  } finally {
    await stack.close();
  }
}

const factScope = (flags: ScopeFlags) => ({
  agentId: flags.agent,
  ...(flags.user === undefined ? {} : { userId: flags.user }),
});
const sessionScope = (flags: ScopeFlags) => ({
  ...factScope(flags),
  ...(flags.thread === undefined ? {} : { threadId: flags.thread }),
});

function printFacts(facts: ReadonlyArray<{ id: number; text: string }>, json: boolean | undefined): void {
  if (json) console.log(JSON.stringify(facts));
  else for (const fact of facts) console.log(`${fact.id}\t${fact.text}`);
}

function parseFactId(value: string): number {
  if (!/^\d{1,15}$/.test(value))
    throw new InvalidArgumentError(`a fact id is a number (as facts list shows), not "${value}"`);
  return Number(value);
}

/** Asks on the terminal; in a pipe there is no one to ask: the command needs `--yes`. */
async function confirm(question: string, refusal: string): Promise<boolean> {
  if (!process.stdin.isTTY) throw new InvalidArgumentError(refusal);
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await terminal.question(`${question} [y/N] `);
  terminal.close();
  return /^y(es)?$/i.test(answer.trim());
}

/** `sessions`, `facts`, `pin`, `forget`, `export`, `import`: read and correct the memory in a file. */
export function addMemoryCommands(program: Command): void {
  scoped(
    program
      .command('sessions')
      .description('the sessions, most recently active first (--user: those the user spoke in)')
      .option('--all-agents', 'sessions of every agent, not only --agent')
      .option('--limit <n>', 'at most this many', parseCount, 50),
  ).action(async (flags: ScopeFlags & { allAgents?: boolean; limit: number }) =>
    withTool(flags, async (stack) => {
      const sessions = await stack.inspect.sessions({
        ...(flags.allAgents ? {} : { agentId: flags.agent }),
        ...(flags.user === undefined ? {} : { userId: flags.user }),
        limit: flags.limit,
      });
      if (flags.json) console.log(JSON.stringify(sessions));
      else for (const session of sessions) console.log(formatSession(session));
    }),
  );

  const facts = program.command('facts').description("read and edit a user's facts");
  scoped(facts.command('list').description('every live fact of the scope')).action(async (flags: ScopeFlags) =>
    withTool(flags, async (stack) => printFacts(await stack.facts.list(factScope(flags)), flags.json)),
  );
  addEmbedderOptions(
    scoped(
      facts.command('search').argument('<query>').description('the facts ranked for a query, as prepare ranks them'),
    ),
  ).action(async (query: string, flags: ScopeFlags & EmbedderFlags) =>
    withTool(flags, async (stack) =>
      printFacts(await stack.facts.search(factScope(flags), query, { limit: 20 }), flags.json),
    ),
  );
  addEmbedderOptions(
    scoped(facts.command('add').argument('<text>').description('store a fact (or bump the one it duplicates)')),
  ).action(async (text: string, flags: ScopeFlags & EmbedderFlags) =>
    withTool(flags, async (stack) => {
      const added = await stack.facts.add(factScope(flags), text);
      console.log(
        flags.json ? JSON.stringify(added) : `${added.added ? 'added' : 'already known'}: ${added.id}\t${added.text}`,
      );
    }),
  );
  addEmbedderOptions(
    scoped(facts.command('edit').argument('<id>', 'the fact', parseFactId).argument('<text>', 'its corrected text')),
  )
    .description("correct one of the scope's facts (its id and use counts stay)")
    .action(async (id: number, text: string, flags: ScopeFlags & EmbedderFlags) =>
      withTool(flags, async (stack) => {
        const edited = await stack.facts.edit(factScope(flags), id, text);
        if (flags.json) console.log(JSON.stringify(edited));
        else if (edited === null) console.log(`no fact ${id} in this scope`);
        else console.log(edited.merged ? `merged into ${edited.id}\t${edited.text}` : `edited: ${id}\t${edited.text}`);
        if (edited === null) process.exitCode = 1;
      }),
    );
  scoped(
    facts.command('rm').argument('<id>', 'the fact', parseFactId).description("delete one of the scope's facts"),
  ).action(async (id: number, flags: ScopeFlags) =>
    withTool(flags, async (stack) => {
      const removed = await stack.facts.remove(factScope(flags), id);
      console.log(removed ? `removed ${id}` : `no fact ${id} in this scope`);
      if (!removed) process.exitCode = 1;
    }),
  );

  const pin = program.command('pin').description("a session's pinned task");
  scoped(pin.command('show').description('the pinned task with its clarifications')).action(async (flags: ScopeFlags) =>
    withTool(flags, async (stack) => {
      const session = await stack.session(sessionScope(flags));
      console.log(flags.json ? JSON.stringify({ pinned: session.pinned }) : (session.pinned ?? '(nothing pinned)'));
    }),
  );
  scoped(
    pin.command('set').argument('<text>').description('replace the pin with this task (a correction by hand)'),
  ).action(async (text: string, flags: ScopeFlags) =>
    withTool(flags, async (stack) => {
      const pinned = await stack.setPin(sessionScope(flags), text);
      console.log(flags.json ? JSON.stringify({ pinned }) : `pinned: ${pinned}`);
    }),
  );
  scoped(pin.command('clear').description('unpin: nothing pinned, and extraction pins no task again')).action(
    async (flags: ScopeFlags) =>
      withTool(flags, async (stack) => {
        await stack.setPin(sessionScope(flags), null);
        console.log(flags.json ? JSON.stringify({ pinned: null }) : 'nothing pinned');
      }),
  );

  scoped(
    program
      .command('forget')
      .description('remove everything stored of a user, or of a thread (asks first unless --yes)')
      .option('--yes', 'do not ask'),
  ).action(async (flags: ScopeFlags & { yes?: boolean }) => {
    if (flags.user === undefined && flags.thread === undefined) {
      throw new InvalidArgumentError('forget needs --user or --thread');
    }
    const what = [flags.user && `user ${flags.user}`, flags.thread && `thread ${flags.thread}`]
      .filter(Boolean)
      .join(', ');
    if (
      !flags.yes &&
      !(await confirm(
        `Forget everything of ${what} (agent ${flags.agent}) in ${describeDatabase(flags.db)}?`,
        `not a terminal: pass --yes to forget ${what}`,
      ))
    ) {
      console.log('nothing forgotten');
      return;
    }
    await withTool(flags, async (stack) => {
      const report = await stack.forget(sessionScope(flags));
      console.log(flags.json ? JSON.stringify(report) : `forgotten: ${JSON.stringify(report)}`);
    });
  });

  program
    .command('export')
    .description('everything stored about a user, as JSON lines (their sessions, turns, pins and facts)')
    .requiredOption('--db <path-or-url>', 'the SQLite file, or a postgres:// or libSQL URL')
    .option('--schema <name>', 'the Postgres schema (with a postgres:// --db)')
    .requiredOption('--user <id>', 'user id', parseId('--user'))
    .option('--agent <id>', 'agent id', parseId('--agent'), 'memstack-chat')
    .option('--out <file>', 'write to this file (default: standard output)')
    .action(async (flags: { db: string; schema?: string; user: string; agent: string; out?: string }) =>
      withTool(flags, async (stack) => {
        const output: NodeJS.WritableStream = flags.out ? createWriteStream(flags.out) : process.stdout;
        const bar = progressBar(`export ${flags.user}`, null);
        let count = 0;
        for await (const record of stack.exportUser({ agentId: flags.agent, userId: flags.user })) {
          if (!output.write(`${JSON.stringify(record)}\n`)) await once(output, 'drain');
          count += 1;
          bar.update(count);
        }
        bar.finish();
        if (output !== process.stdout) await new Promise<void>((done) => output.end(() => done()));
        if (flags.out) console.error(`exported ${count} records to ${flags.out}`);
      }),
    );

  program
    .command('import')
    .description('read an export back into a database (checked first, whole: a bad line imports nothing)')
    .argument('<file>', 'a .jsonl file written by memstack export')
    .requiredOption('--db <path-or-url>', 'the SQLite file (created if missing), or a postgres:// or libSQL URL')
    .option('--schema <name>', 'the Postgres schema (with a postgres:// --db)')
    .option('--json', 'print the report as JSON')
    .action(async (file: string, flags: { db: string; schema?: string; json?: boolean }) => {
      // Every line is checked before anything is written.
      const { size } = await stat(file).catch(() => ({ size: 0 }));
      const checking = progressBar('check', size);
      for await (const _line of readExportLines(file, (bytes) => checking.update(bytes))) {
        // Reading checks it.
      }
      checking.finish();
      await withTool(
        flags,
        async (stack) => {
          const importing = progressBar('import', size);
          let line = 0;
          let bytes = 0;
          async function* records() {
            for await (const read of readExportLines(file, (position) => (bytes = position))) {
              line = read.line;
              yield read.record;
            }
          }
          const report = await stack.importRecords(records(), {
            onRecord: () => importing.update(bytes),
            recordName: () => `${file}:${line}`,
          });
          importing.finish();
          console.log(flags.json ? JSON.stringify(report) : `imported: ${JSON.stringify(report)}`);
        },
        { create: true },
      );
    });
}

function formatSession(session: SessionSummary): string {
  const task = session.task === null ? '' : `\t${shorten(session.task, 60)}`;
  const who = session.shared ? 'shared' : (session.firstUserId ?? '-');
  return `${session.updatedAt.toISOString()}\t${session.key}\t${session.turns} turns\t${who}${task}`;
}

/** At most `most` grapheme clusters of a text, with an ellipsis when cut (a pin is at most a thousand). */
function shorten(text: string, most: number): string {
  const clusters: string[] = [];
  for (const { segment } of new Intl.Segmenter().segment(text)) {
    if (clusters.length === most) return `${clusters.slice(0, most - 1).join('')}…`;
    clusters.push(segment);
  }
  return clusters.join('');
}

function parseCount(value: string): number {
  const count = Number(value);
  if (!Number.isSafeInteger(count) || count < 1) throw new InvalidArgumentError('a count is a positive integer');
  return count;
}
