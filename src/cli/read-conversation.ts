import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { InvalidInputError } from '../index.js';

const lineSchema = z.object({
  role: z.enum(['user', 'assistant']),
  text: z.string(),
  agentId: z.string().min(1).optional(),
  userId: z.string().min(1).optional(),
  channelId: z.string().min(1).optional(),
  threadId: z.string().min(1).optional(),
});

export type ConversationLine = z.infer<typeof lineSchema> & { line: number };

/**
 * Reads a JSONL conversation: one `{"role","text",...}` object per line (LF or CRLF, UTF-8 with or without a byte-order
 * mark); blank lines are skipped.
 */
export async function readConversation(path: string): Promise<ConversationLine[]> {
  let content: string;
  try {
    content = await readFile(path, 'utf8');
  } catch (error) {
    throw new InvalidInputError('INVALID_ARGUMENT', 'conversation', `cannot read ${path}: ${(error as Error).message}`);
  }
  const lines: ConversationLine[] = [];
  // A byte-order mark (editors on Windows write one) is not part of the first line.
  if (content.startsWith('\uFEFF')) content = content.slice(1);
  for (const [index, raw] of content.split('\n').entries()) {
    if (raw.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      throw new InvalidInputError('INVALID_ARGUMENT', 'conversation', `${path}:${index + 1}: not a JSON object`);
    }
    const parsed = lineSchema.safeParse(value);
    if (!parsed.success) {
      throw new InvalidInputError(
        'INVALID_ARGUMENT',
        'conversation',
        `${path}:${index + 1}: ${z.prettifyError(parsed.error).replaceAll('\n', ' ')}`,
      );
    }
    lines.push({ ...parsed.data, line: index + 1 });
  }
  return lines;
}
