import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { ChatExchange } from './locomo-chat.js';

/** MemoryBank's companion chats (Zhong et al., AAAI 2024), read in place from ../shared/data: never copied here. */
export const MEMORYBANK_DIRECTORY = resolve(dirname(fileURLToPath(import.meta.url)), '../../shared/data/memorybank');

const fileSchema = z.record(
  z.string(),
  z.looseObject({
    history: z.record(z.string(), z.array(z.looseObject({ query: z.string(), response: z.string() }))),
  }),
);

const MINUTE = 60_000;

/**
 * Each MemoryBank user's chat (`en` or `cn`) as exchanges: a day's exchanges a minute apart, each day at its date
 * (days are far apart, so each starts cold). Empty exchanges are dropped.
 */
export function loadMemoryBankChats(language: 'en' | 'cn'): ChatExchange[][] {
  const parsed = fileSchema.parse(
    JSON.parse(readFileSync(resolve(MEMORYBANK_DIRECTORY, `memory_bank_${language}.json`), 'utf8')),
  );
  return Object.values(parsed).map((user) => {
    const days = Object.keys(user.history).sort();
    const first = Date.parse(days[0] ?? '1970-01-01');
    return days.flatMap((day) =>
      (user.history[day] ?? [])
        .filter((exchange) => exchange.query.trim() !== '' && exchange.response.trim() !== '')
        .map((exchange, index) => ({
          user: exchange.query.trim(),
          assistant: exchange.response.trim(),
          at: Math.max(0, Date.parse(day) - first) + index * MINUTE,
        })),
    );
  });
}
