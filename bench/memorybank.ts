import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { LocomoConversation } from './locomo.js';
import type { ChatExchange } from './locomo-chat.js';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * MemoryBank (Zhong et al., AAAI 2024): companion chats of 15 people over 10 days, in English and in Chinese, read in
 * place from ../shared/data/memorybank: never copied here.
 */
export const MEMORYBANK_PATHS = {
  en: resolve(here, '../../shared/data/memorybank/memory_bank_en.json'),
  zh: resolve(here, '../../shared/data/memorybank/memory_bank_cn.json'),
} as const;

/**
 * Our two question sets on those chats: `tuned`, the one the ranking rules of issue 13 were chosen on, and
 * `untouched`, written independently and frozen before any rule or weight changed for it (issue 24): only reported on,
 * never used to choose anything.
 */
export const MEMORYBANK_QUESTION_SETS = {
  tuned: resolve(here, '../test/fixtures/memorybank-questions.json'),
  untouched: resolve(here, '../test/fixtures/memorybank-questions-untouched.json'),
} as const;

export type MemoryBankQuestionSet = keyof typeof MEMORYBANK_QUESTION_SETS;

export const MEMORYBANK_QUESTIONS_PATH = MEMORYBANK_QUESTION_SETS.tuned;

export type MemoryBankLanguage = keyof typeof MEMORYBANK_PATHS;

const exchangeSchema = z.object({ query: z.string(), response: z.string() });
const personSchema = z.object({ name: z.string(), history: z.record(z.string(), z.array(exchangeSchema)) });
const dataSchema = z.record(z.string(), personSchema);

export const memoryBankQuestionsSchema = z.object({
  about: z.string(),
  questions: z.array(
    z.object({
      language: z.enum(['en', 'zh']),
      conversation: z.string().min(1),
      question: z.string().min(1),
      evidence: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}#\d+$/)).min(1),
    }),
  ),
});

/** The assistant's name in each language's chats. */
const ASSISTANT = { en: 'AI companion', zh: 'AI伴侣' } as const;

/**
 * One language's chats as LoCoMo-shaped conversations, so that the LoCoMo bench's indexing and baselines apply
 * unchanged: a person's chat is one conversation, each day a session, each exchange two turns (the person's message,
 * the companion's reply) that share one id, `<date>#<index>`; a question's evidence is the exchanges that answer it.
 * Only the conversations that have questions are returned. No facts: MemoryBank has no observations per turn.
 * The questions are those of `paths.set` (the tuned set unless told), or of the file `paths.questions`.
 */
export function loadMemoryBank(
  language: MemoryBankLanguage,
  paths: { data?: string; questions?: string; set?: MemoryBankQuestionSet } = {},
): LocomoConversation[] {
  const data = dataSchema.parse(JSON.parse(readFileSync(paths.data ?? MEMORYBANK_PATHS[language], 'utf8')));
  const questionsPath = paths.questions ?? MEMORYBANK_QUESTION_SETS[paths.set ?? 'tuned'];
  const fixture = memoryBankQuestionsSchema.parse(JSON.parse(readFileSync(questionsPath, 'utf8')));
  const people = new Map(Object.entries(data).map(([key, person]) => [key.trim(), person]));
  const conversations: LocomoConversation[] = [];
  for (const [name, person] of people) {
    const questions = fixture.questions.filter((row) => row.language === language && row.conversation === name);
    if (questions.length === 0) continue;
    const sessions = Object.entries(person.history)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, exchanges]) => ({
        dateTime: date,
        turns: exchanges.flatMap((exchange, index) => {
          const at = new Date(`${date}T12:00:00Z`);
          const dated = Number.isNaN(at.getTime()) ? null : new Date(at.getTime() + index * 60_000);
          const diaId = `${date}#${index}`;
          return [
            { speaker: name, diaId, text: exchange.query, caption: undefined, at: dated },
            { speaker: ASSISTANT[language], diaId, text: exchange.response, caption: undefined, at: dated },
          ];
        }),
      }));
    const known = new Set(sessions.flatMap((session) => session.turns.map((turn) => turn.diaId)));
    for (const row of questions) {
      const unknown = row.evidence.filter((id) => !known.has(id));
      if (unknown.length > 0) throw new Error(`${language} ${name}: "${row.question}" cites unknown ${unknown}`);
    }
    conversations.push({
      id: name,
      speakers: [name, ASSISTANT[language]],
      sessions,
      facts: [],
      questions: questions.map((row) => ({ question: row.question, evidence: row.evidence, category: 0 })),
    });
  }
  const found = new Set(conversations.map((conversation) => conversation.id));
  const missing = fixture.questions.filter((row) => row.language === language && !found.has(row.conversation));
  if (missing.length > 0) throw new Error(`${language}: no conversation named ${missing[0]?.conversation}`);
  return conversations;
}

const MINUTE = 60_000;

/**
 * Each MemoryBank user's chat as exchanges, for the cost bench: a day's exchanges a minute apart, each day at its date
 * (days are far apart, so each starts cold). Empty exchanges are dropped.
 */
export function loadMemoryBankChats(language: MemoryBankLanguage): ChatExchange[][] {
  const data = dataSchema.parse(JSON.parse(readFileSync(MEMORYBANK_PATHS[language], 'utf8')));
  return Object.values(data).map((person) => {
    const days = Object.keys(person.history).sort();
    const first = Date.parse(days[0] ?? '1970-01-01');
    return days.flatMap((day) =>
      (person.history[day] ?? [])
        .filter((exchange) => exchange.query.trim() !== '' && exchange.response.trim() !== '')
        .map((exchange, index) => ({
          user: exchange.query.trim(),
          assistant: exchange.response.trim(),
          at: Math.max(0, Date.parse(day) - first) + index * MINUTE,
        })),
    );
  });
}
