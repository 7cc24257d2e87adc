import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  loadMemoryBank,
  MEMORYBANK_PATHS,
  MEMORYBANK_QUESTIONS_PATH,
  memoryBankQuestionsSchema,
} from '../../bench/memorybank.js';

const fixture = memoryBankQuestionsSchema.parse(JSON.parse(readFileSync(MEMORYBANK_QUESTIONS_PATH, 'utf8')));
const hasData = existsSync(MEMORYBANK_PATHS.en) && existsSync(MEMORYBANK_PATHS.zh);

describe('the MemoryBank questions of the retrieval bench', () => {
  it('has at least 30 distinct questions per language, over several chats', () => {
    for (const language of ['en', 'zh'] as const) {
      const rows = fixture.questions.filter((row) => row.language === language);
      expect(new Set(rows.map((row) => row.question)).size).toBe(rows.length);
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
      const conversations = loadMemoryBank(language);
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
