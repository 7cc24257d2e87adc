import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { CALENDAR_MONTHS as MONTHS } from '../src/locales/shared/calendar-terms.js';

/** LoCoMo (Maharana et al., ACL 2024; CC BY-NC 4.0), read in place from ../shared/data: never copied here. */
export const LOCOMO_PATH = resolve(dirname(fileURLToPath(import.meta.url)), '../../shared/data/locomo10.json');

// Some variants of the file name the text `clean_text`, and give each turn its own `date_time`.
const turnSchema = z
  .object({
    speaker: z.string(),
    dia_id: z.string(),
    text: z.string().optional(),
    clean_text: z.string().optional(),
    blip_caption: z.string().optional(),
    date_time: z.string().optional(),
  })
  .transform((turn) => ({
    speaker: turn.speaker,
    dia_id: turn.dia_id,
    text: turn.text ?? turn.clean_text ?? '',
    caption: turn.blip_caption,
    dateTime: turn.date_time,
  }));
const conversationSchema = z.object({
  sample_id: z.string(),
  conversation: z.record(z.string(), z.unknown()),
  // Other files of LoCoMo's shape may have no observations (then there is no fact retrieval to measure).
  observation: z
    .record(
      z.string(),
      z.record(z.string(), z.array(z.tuple([z.string(), z.union([z.string(), z.array(z.string())])]))),
    )
    .default({}),
  qa: z.array(
    z.object({ question: z.string(), evidence: z.array(z.string()).optional(), category: z.number().default(0) }),
  ),
});

export interface LocomoConversation {
  id: string;
  speakers: [string, string];
  /** Sessions in order, each a list of turns. */
  sessions: Array<{
    dateTime: string;
    turns: Array<{
      speaker: string;
      diaId: string;
      text: string;
      /** The caption of the photo shared with the turn, if any (LoCoMo's BLIP captions). */
      caption: string | undefined;
      /** When the turn was said: its own `date_time` in the variant files, else its session's. */
      at: Date | null;
    }>;
  }>;
  facts: Array<{ text: string; diaIds: string[] }>;
  questions: Array<{ question: string; evidence: string[]; category: number }>;
}

/** Fixes the known typos in evidence ids (`D:11:26`, `D30:05`, several ids in one string `D8:6; D9:17`). */
export function normaliseDiaIds(ids: readonly string[]): string[] {
  return ids
    .flatMap((id) => id.split(/[;,\s]+/))
    .filter((id) => id !== '')
    .map((id) => id.replace(/^D:(\d+)/, 'D$1').replace(/:0+(\d)/, ':$1'));
}

export function loadLocomo(path = LOCOMO_PATH): LocomoConversation[] {
  const raw = z.array(conversationSchema).parse(JSON.parse(readFileSync(path, 'utf8')));
  return raw.map((sample) => {
    const sessions: LocomoConversation['sessions'] = [];
    for (let index = 1; ; index += 1) {
      const dateTime = sample.conversation[`session_${index}_date_time`];
      if (dateTime === undefined && sample.conversation[`session_${index}`] === undefined) break;
      const turns = z.array(turnSchema).safeParse(sample.conversation[`session_${index}`]);
      if (!turns.success || turns.data.length === 0) continue;
      sessions.push({
        dateTime: String(dateTime),
        turns: turns.data.map((turn) => ({
          speaker: turn.speaker,
          diaId: turn.dia_id,
          text: turn.text,
          caption: turn.caption,
          at: parseLocomoDate(turn.dateTime ?? String(dateTime)),
        })),
      });
    }
    const known = new Set(sessions.flatMap((session) => session.turns.map((turn) => turn.diaId)));
    const facts = Object.values(sample.observation).flatMap((bySpeaker) =>
      Object.values(bySpeaker).flatMap((entries) =>
        entries.map(([text, ids]) => ({
          text,
          diaIds: normaliseDiaIds(Array.isArray(ids) ? ids : [ids]).filter((id) => known.has(id)),
        })),
      ),
    );
    const questions = sample.qa
      .map((qa) => ({
        question: qa.question,
        category: qa.category,
        evidence: normaliseDiaIds(qa.evidence ?? []).filter((id) => known.has(id)),
      }))
      .filter((qa) => qa.evidence.length > 0);
    return {
      id: sample.sample_id,
      speakers: [String(sample.conversation.speaker_a), String(sample.conversation.speaker_b)],
      sessions,
      facts,
      questions,
    };
  });
}

/** LoCoMo's dates ("1:56 pm on 8 May, 2023"), or an ISO date; null when unreadable. */
export function parseLocomoDate(text: string): Date | null {
  const match = /(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([a-z]+),?\s+(\d{4})/i.exec(text);
  if (match) {
    const month = MONTHS.indexOf((match[5] ?? '').toLowerCase() as (typeof MONTHS)[number]);
    if (month < 0) return null;
    const hour = (Number(match[1]) % 12) + ((match[3] ?? '').toLowerCase() === 'pm' ? 12 : 0);
    return new Date(Date.UTC(Number(match[6]), month, Number(match[4]), hour, Number(match[2])));
  }
  const iso = new Date(text);
  return Number.isNaN(iso.getTime()) ? null : iso;
}

/** LoCoMo's partial recall: the share of gold evidence ids among the dia_ids of the retrieved items. */
export function partialRecall(gold: readonly string[], retrieved: ReadonlyArray<readonly string[]>): number {
  const found = new Set(retrieved.flat());
  return gold.filter((id) => found.has(id)).length / gold.length;
}
