import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  loadMemoryBank,
  MEMORYBANK_PATHS,
  MEMORYBANK_QUESTION_SETS,
  type MemoryBankQuestionSet,
  memoryBankQuestionsSchema,
} from '../../bench/memorybank.js';

const readSet = (path: string) => memoryBankQuestionsSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
const hasData = existsSync(MEMORYBANK_PATHS.en) && existsSync(MEMORYBANK_PATHS.zh);
const SETS = Object.keys(MEMORYBANK_QUESTION_SETS) as MemoryBankQuestionSet[];

describe.each(SETS)('the %s MemoryBank questions of the retrieval bench', (set) => {
  const fixture = readSet(MEMORYBANK_QUESTION_SETS[set]);

  it('has at least 30 distinct questions per language, over several chats', () => {
    for (const language of ['en', 'zh'] as const) {
      const rows = fixture.questions.filter((row) => row.language === language);
      expect(new Set(rows.map((row) => `${row.conversation}\n${row.question}`)).size).toBe(rows.length);
      expect(rows.length).toBeGreaterThanOrEqual(30);
      expect(new Set(rows.map((row) => row.conversation)).size).toBeGreaterThanOrEqual(5);
    }
  });

  it('asks Chinese questions in Chinese and English ones in English', () => {
    for (const row of fixture.questions) {
      expect(/\p{Script=Han}/u.test(row.question)).toBe(row.language === 'zh');
    }
  });

  // The data is read in place from ../shared/data/memorybank (never copied into the repository).
  it.skipIf(!hasData)('cites only exchanges that exist, and reads each chat as LoCoMo-shaped turns', () => {
    for (const language of ['en', 'zh'] as const) {
      const conversations = loadMemoryBank(language, { set });
      const asked = fixture.questions.filter((row) => row.language === language).length;
      expect(conversations.reduce((sum, conversation) => sum + conversation.questions.length, 0)).toBe(asked);
      for (const conversation of conversations) {
        const turns = conversation.sessions.flatMap((session) => session.turns);
        // Each exchange is two turns, the person's then the companion's, sharing one id.
        expect(turns.length % 2).toBe(0);
        for (let index = 0; index < turns.length; index += 2) {
          expect(turns[index]?.speaker).toBe(conversation.speakers[0]);
          expect(turns[index + 1]?.speaker).toBe(conversation.speakers[1]);
          expect(turns[index]?.diaId).toBe(turns[index + 1]?.diaId);
        }
      }
    }
  });
});

describe.skipIf(!hasData)('loading a MemoryBank question set', () => {
  // The check above is only worth something if a wrong reference stops the load.
  it.each([
    ['an exchange past the end of its day', '2023-04-27#40', /cites unknown 2023-04-27#40/],
    ['a day the chat does not have', '2023-06-01#0', /cites unknown 2023-06-01#0/],
  ])('refuses a set that cites %s', (_, reference, message) => {
    const directory = mkdtempSync(join(tmpdir(), 'memorybank-questions-'));
    const path = join(directory, 'questions.json');
    const question = { language: 'en', conversation: 'Luna', question: 'What did I say?', evidence: [reference] };
    writeFileSync(path, JSON.stringify({ about: 'broken on purpose', questions: [question] }));
    expect(() => loadMemoryBank('en', { questions: path })).toThrow(message);
  });

  it('refuses a set that asks in a chat the data does not have', () => {
    const directory = mkdtempSync(join(tmpdir(), 'memorybank-questions-'));
    const path = join(directory, 'questions.json');
    const question = { language: 'zh', conversation: '无此人', question: '我说过什么？', evidence: ['2023-04-27#0'] };
    writeFileSync(path, JSON.stringify({ about: 'broken on purpose', questions: [question] }));
    expect(() => loadMemoryBank('zh', { questions: path })).toThrow(/no conversation named 无此人/);
  });
});
