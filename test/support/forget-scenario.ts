import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { createMemoryStack, type MemoryStack } from '../../src/index.js';
import { sqliteStore } from '../../src/sqlite.js';

/**
 * Ids that broke or could break a forget: LIKE wildcards, escapes, quotes, case and Unicode look-alikes (NFC and NFD
 * é, Cyrillic а for Latin a), separators, emoji, a NUL, and very long ids.
 */
export const ID_POOL = [
  'ana_lee',
  'ana-lee',
  'ana%',
  '%',
  '_',
  'ana\\lee',
  "o'hara",
  '"quoted"',
  'ANA_LEE',
  '\u0430na_lee',
  'jos\u00e9',
  'jose\u0301',
  'a/b',
  'a b',
  '😀',
  'nul\u0000byte',
  '[]',
  'x'.repeat(4096),
  `${'é'.repeat(2000)}_`,
];
/** Each user's canary: a word no stemmer changes, and Chinese characters no other user's text has. */
const CJK_CANARIES = ['鸭嘴兽', '犀牛鸟', '袋鼠獾', '穿山甲'];
const canaryOf = (index: number) => ({ word: `qz7${index}x9v`, cjk: CJK_CANARIES[index] ?? '' });

const AGENT = 'bot';
const THREAD = { threadId: 'team-thread' };
const CHANNEL = { channelId: 'general' };

interface World {
  users: string[];
  /** Record each user's turns in their private session, the shared thread and the channel. */
  speak(stack: MemoryStack): Promise<void>;
}

function world(users: string[], rounds: number): World {
  const say = async (stack: MemoryStack, scope: Record<string, string>, index: number, text: string, reply: string) => {
    const userId = users[index] as string;
    const prepared = await stack.prepare({ agentId: AGENT, ...scope, userId, text });
    await stack.record(prepared, { text: reply });
  };
  return {
    users,
    async speak(stack) {
      const script = (index: number, place: string): Array<[string, string]> => {
        const { word, cjk } = canaryOf(index);
        return [
          [
            `Help me migrate the ${word} service to Postgres 16 with zero downtime. 我们的代号是${cjk}。`,
            `Sure, ${word}. Which region should we use?`,
          ],
          [`Use the ${word} region. I use pnpm ${word} for all ${place} builds.`, `Noted ${word}.`],
          [`我们用${cjk}部署${place}的所有服务。`, `好的，${cjk}。`],
        ];
      };
      // Turn by turn, so that in a shared session each user's message follows another user's reply: the facts it
      // yields are searched with that reply as context.
      for (const [place, scope] of Object.entries({ private: {}, thread: THREAD, channel: CHANNEL })) {
        for (let turn = 0; turn < 3 * rounds; turn += 1) {
          for (const [index] of users.entries()) {
            const [text, reply] = script(index, place)[turn % 3] as [string, string];
            await say(stack, scope, index, text, reply);
          }
        }
      }
    },
  };
}

/** What the API returns for a user: sessions, facts, searches for the canaries of everyone. */
async function visible(stack: MemoryStack, users: string[]): Promise<string> {
  const parts: unknown[] = [];
  for (const [index, userId] of users.entries()) {
    for (const scope of [
      { agentId: AGENT, userId },
      { agentId: AGENT, ...THREAD },
      { agentId: AGENT, ...CHANNEL },
    ]) {
      parts.push(await stack.session(scope));
      for (const [other] of users.entries()) {
        const { word, cjk } = canaryOf(other);
        parts.push(await stack.searchTurns(scope, `${word} ${cjk}`, { limit: 20 }));
      }
    }
    parts.push(await stack.facts.list({ agentId: AGENT, userId }));
    for (const [other] of users.entries()) {
      const { word, cjk } = canaryOf(other);
      parts.push(await stack.facts.search({ agentId: AGENT, userId }, `${word} ${cjk} pnpm`, { limit: 20 }));
    }
    parts.push(index);
  }
  return JSON.stringify(parts);
}

/**
 * The requests the next turns send, for every remaining user in every session, asking about the forgotten user's
 * canaries (the question itself taken out: it is the new message, not memory).
 */
async function requests(stack: MemoryStack, users: string[], forgotten: number): Promise<string> {
  const { word, cjk } = canaryOf(forgotten);
  const text = `What about ${word} and ${cjk}? Which region and builds did we pick?`;
  const sent: unknown[] = [];
  for (const [index, userId] of users.entries()) {
    if (index === forgotten) continue;
    for (const scope of [{}, THREAD, CHANNEL]) {
      const prepared = await stack.prepare({ agentId: AGENT, ...scope, userId, text });
      sent.push(prepared.request, prepared.pinned, prepared.facts, prepared.recalled);
    }
  }
  return JSON.stringify(sent).replaceAll(text, '');
}

/** The file's bytes (main database and WAL), and every term of every full-text index. */
function onDisk(path: string): { bytes: Buffer; terms: string[] } {
  const read = (file: string) => {
    try {
      return readFileSync(file);
    } catch {
      return Buffer.alloc(0);
    }
  };
  const bytes = Buffer.concat([read(path), read(`${path}-wal`)]);
  const database = new Database(path);
  const terms: string[] = [];
  for (const table of ['facts_words', 'facts_cjk', 'turns_words', 'turns_cjk']) {
    database.exec(`CREATE VIRTUAL TABLE temp.v_${table} USING fts5vocab(main, ${table}, 'row')`);
    for (const row of database.prepare(`SELECT term FROM temp.v_${table}`).all() as Array<{ term: string }>) {
      terms.push(row.term);
    }
  }
  database.close();
  return { bytes, terms };
}

function bigrams(text: string): string[] {
  const characters = [...text];
  return characters.slice(0, -1).map((character, index) => `${character}${characters[index + 1]}`);
}

/** What a forget left behind, by where it was found (0 everywhere is the goal), and what it took of the others. */
export interface ForgetOutcome {
  /** Canaries of the forgotten user found in API results (this process, then a fresh one on the file). */
  inApi: string[];
  /** ...in the requests the next turns of the others send. */
  inRequests: string[];
  /** ...in the database file's bytes (main file and WAL). */
  inFile: string[];
  /** ...among the terms of the full-text indexes. */
  inIndex: string[];
  /** Bytes of the forgotten user's canaries left in the file, in all. */
  bytesLeft: number;
  /** Facts of the other users that changed, and their turns that are gone. */
  othersFactsChanged: number;
  othersTurnsLost: number;
  /** Whether the others' words are still in the file and the index (a forget that deletes everything fails this). */
  othersKept: boolean;
  turnsForgotten: number;
}

/**
 * Users speak in their private sessions, a shared thread and a channel (with compression and turn recall on, so
 * that summaries, neighbour contexts and fact contexts quote one another); then one of them is forgotten, with one
 * last turn of theirs recorded just before (its extraction still queued unless `waitForExtraction`).
 */
export async function forgetScenario(options: {
  path: string;
  users: string[];
  forgotten: number;
  waitForExtraction: boolean;
  /** How many times each user says their three lines in each place (1: 9 exchanges per user). */
  rounds?: number;
  /** Facts added directly for each user, each naming their canaries. */
  directFacts?: number;
}): Promise<ForgetOutcome> {
  const { path, users, forgotten } = options;
  const stack = createMemoryStack({
    store: sqliteStore({ path }),
    limits: {
      compressionThresholdTokens: 120,
      compressionKeepTokens: 40,
      turnRecall: 3,
      historyMaxTurns: 6,
      sharedSessionFactsTopK: 3,
    },
  });
  await world(users, options.rounds ?? 1).speak(stack);
  for (const [index, userId] of users.entries()) {
    const { word, cjk } = canaryOf(index);
    for (let fact = 0; fact < (options.directFacts ?? 0); fact += 1) {
      await stack.facts.add({ agentId: AGENT, userId }, `User keeps ledger ${fact} of ${word} in ${cjk}仓库`);
    }
  }
  await stack.idle();
  const kept = users.filter((_, index) => index !== forgotten);
  const factsBefore = await Promise.all(kept.map((userId) => stack.facts.list({ agentId: AGENT, userId })));
  const threadBefore = await stack.session({ agentId: AGENT, ...THREAD });
  const last = await stack.prepare({
    agentId: AGENT,
    ...THREAD,
    userId: users[forgotten],
    text: `I prefer the ${canaryOf(forgotten).word} editor for writing code.`,
  });
  await stack.record(last, { text: 'Noted.' });
  if (options.waitForExtraction) await stack.idle();

  const report = await stack.forget({ agentId: AGENT, userId: users[forgotten] as string });
  await stack.idle();

  const { word, cjk } = canaryOf(forgotten);
  const canaries = [word, ...bigrams(cjk)];
  const leaks = (text: string) => canaries.filter((canary) => text.includes(canary));
  const inApi = leaks(await visible(stack, users));
  const inRequests = leaks(await requests(stack, users, forgotten));
  const factsAfter = await Promise.all(kept.map((userId) => stack.facts.list({ agentId: AGENT, userId })));
  const key = (fact: { id: number; text: string }) => `${fact.id}:${fact.text}`;
  const before = new Set(factsBefore.flat().map(key));
  const after = new Set(factsAfter.flat().map(key));
  const othersFactsChanged =
    [...before].filter((fact) => !after.has(fact)).length + [...after].filter((fact) => !before.has(fact)).length;
  const othersTurns = threadBefore.turns.filter((turn) => turn.userId !== users[forgotten]);
  await stack.close();
  const database = new Database(path, { readonly: true });
  const stored = new Set(
    (database.prepare('SELECT id FROM turns').all() as Array<{ id: number }>).map((row) => row.id),
  );
  database.close();
  const reopened = createMemoryStack({ store: sqliteStore({ path }) });
  inApi.push(...leaks(await visible(reopened, users)));
  await reopened.close();

  const disk = onDisk(path);
  const inFile = canaries.filter((canary) => disk.bytes.includes(Buffer.from(canary, 'utf8')));
  const inIndex = canaries.filter((canary) => disk.terms.some((term) => term.includes(canary)));
  let bytesLeft = 0;
  for (const canary of canaries) {
    const needle = Buffer.from(canary, 'utf8');
    for (let at = disk.bytes.indexOf(needle); at >= 0; at = disk.bytes.indexOf(needle, at + 1))
      bytesLeft += needle.length;
  }
  const other = canaryOf(users.findIndex((_, index) => index !== forgotten));
  return {
    inApi,
    inRequests,
    inFile,
    inIndex,
    bytesLeft,
    othersFactsChanged,
    othersTurnsLost: othersTurns.filter((turn) => !stored.has(turn.id)).length,
    othersKept:
      disk.bytes.includes(Buffer.from(other.word, 'utf8')) && disk.terms.some((term) => term.includes(other.word)),
    turnsForgotten: report.turns,
  };
}
