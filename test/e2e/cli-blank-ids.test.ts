import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStack } from '../../src/index.js';
import { sqliteStore } from '../../src/sqlite.js';
import { CLI_BIN, PROCESSES_TIMEOUT, runMemstack } from '../support/built-cli.js';

/** Every command that takes ids, with the id flags it takes (`--db` given where needed). */
const COMMANDS: Array<{ args: string[]; flags: string[] }> = [
  {
    args: ['chat', '--model', 'openai:none', '--base-url', 'http://127.0.0.1:9'],
    flags: ['--agent', '--user', '--thread'],
  },
  { args: ['sessions'], flags: ['--agent', '--user', '--thread'] },
  { args: ['facts', 'list'], flags: ['--agent', '--user', '--thread'] },
  { args: ['facts', 'search', 'Lisbon'], flags: ['--agent', '--user', '--thread'] },
  { args: ['facts', 'add', 'User lives in Lisbon'], flags: ['--agent', '--user', '--thread'] },
  { args: ['facts', 'edit', '1', 'User lives in Porto'], flags: ['--agent', '--user', '--thread'] },
  { args: ['facts', 'rm', '1'], flags: ['--agent', '--user', '--thread'] },
  { args: ['pin', 'show'], flags: ['--agent', '--user', '--thread'] },
  { args: ['pin', 'set', 'Ship the release'], flags: ['--agent', '--user', '--thread'] },
  { args: ['pin', 'clear'], flags: ['--agent', '--user', '--thread'] },
  { args: ['forget', '--yes'], flags: ['--agent', '--user', '--thread'] },
  { args: ['export'], flags: ['--agent', '--user'] },
  // The proxy's default agent: refused before it listens (the test would hang on a proxy that started).
  { args: ['serve', '--port', '0'], flags: ['--agent'] },
];
const BLANKS = ['', ' ', '\u3000', '\u200b'];

describe('the built CLI refuses a blank --agent, --user or --thread on every command: one line, a non-zero exit', {
  timeout: PROCESSES_TIMEOUT,
}, () => {
  let directory: string;
  let db: string;
  beforeAll(async () => {
    if (!existsSync(CLI_BIN)) throw new Error('dist/ is missing: run `npm run build` (npm test does)');
    directory = mkdtempSync(join(tmpdir(), 'memstack-cli-ids-'));
    db = join(directory, 'memory.db');
    const stack = createMemoryStack({ store: sqliteStore({ path: db }) });
    await stack.facts.add({ agentId: 'memstack-chat' }, 'The agent-wide memo is confidential');
    await stack.close();
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('names the flag and says what to do, before opening anything', async () => {
    const runs = COMMANDS.flatMap(({ args, flags }) =>
      flags.map((flag, index) => {
        // Each blank kind in turn; the export's --user is required, so it is always given (blank or real).
        const id = BLANKS[index % BLANKS.length] as string;
        const user = flag === '--user' || args[0] !== 'export' ? [] : ['--user', 'alice'];
        return {
          label: `${args.join(' ')} ${flag} ${JSON.stringify(id)}`,
          flag,
          argv: [...args, '--db', db, ...user, flag, id],
        };
      }),
    );
    // A few processes at a time: each is a node start.
    for (let start = 0; start < runs.length; start += 4) {
      await Promise.all(
        runs.slice(start, start + 4).map(async ({ label, flag, argv }) => {
          const { code, stdout, stderr } = await runMemstack(argv);
          expect(code, label).toBe(1);
          expect(stdout, label).toBe('');
          // One line, the CLI's error line: no usage text after it, no stack.
          expect(stderr, label).toBe(
            `memstack: ${flag} is blank: leave the option out, or give a real id [INVALID_ARGUMENT]\n`,
          );
        }),
      );
    }
  });

  it('opens nothing: a database named with a blank id is not created', async () => {
    const fresh = join(directory, 'never.db');
    for (const args of [
      ['facts', 'add', 'x'],
      ['pin', 'set', 'x'],
      ['serve', '--port', '0'],
    ]) {
      const flag = args[0] === 'serve' ? '--agent' : '--user';
      expect((await runMemstack([...args, '--db', fresh, flag, ''])).code).toBe(1);
    }
    expect(existsSync(fresh)).toBe(false);
  });

  it('still reads an absent flag as absent', async () => {
    const listed = await runMemstack(['facts', 'list', '--db', db, '--json']);
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([
      expect.objectContaining({ text: 'The agent-wide memo is confidential' }),
    ]);
  });
});
