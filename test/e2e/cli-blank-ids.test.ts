import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStack } from '../../src/index.js';
import { sqliteStore } from '../../src/sqlite.js';
import { CLI_BIN, runMemstack } from '../support/built-cli.js';

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
];
const BLANKS = ['', ' ', '\u3000', '\u200b'];

describe('the built CLI refuses a blank --agent, --user or --thread on every command: one line, exit code 2', () => {
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
          expect(code, label).toBe(2);
          expect(stdout, label).toBe('');
          const [first] = stderr.split('\n');
          expect(first, label).toMatch(
            new RegExp(`^error: option '${flag} <id>' argument .* is invalid\\. an id cannot be blank`),
          );
          expect(stderr, label).not.toMatch(/\n\s+at /);
        }),
      );
    }
  });

  it('still reads an absent flag as absent', async () => {
    const listed = await runMemstack(['facts', 'list', '--db', db, '--json']);
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([
      expect.objectContaining({ text: 'The agent-wide memo is confidential' }),
    ]);
  });
});
