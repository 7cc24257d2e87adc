import { z } from 'zod';
import { InvalidInputError } from '../../spec/errors/invalid-input-error.js';
import type { ExportRecord } from '../../spec/export-record.js';
import { checkId } from '../scope/check-id.js';

const id = z.number().int().nonnegative();
const text = z.string();
const name = z.string().min(1);
/** An agent, user, channel or thread id, held to `checkId`'s rules: a blank one in a file is no one's id. */
const identity = z.string().refine((value) => {
  try {
    checkId(value, 'id', { required: true });
    return true;
  } catch {
    return false;
  }
}, 'an id is not blank, well-formed Unicode, at most 4,096 characters');
const time = z.iso.datetime({ offset: true });
const usage = z.strictObject({
  inputTokens: id.optional(),
  outputTokens: id.optional(),
  cacheReadInputTokens: id.optional(),
  cacheCreationInputTokens: id.optional(),
});

const recordSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('memstack-export'),
    version: z.literal(1),
    agentId: identity,
    userId: identity,
    exportedAt: time,
  }),
  z.strictObject({
    type: z.literal('session'),
    key: name,
    uuid: name,
    agentId: identity,
    channelId: identity.nullable(),
    threadId: identity.nullable(),
    shared: z.boolean(),
    pin: z
      .strictObject({
        task: text,
        taskUserId: identity.nullable(),
        clarifications: z.array(z.strictObject({ text, userId: identity.nullable(), at: z.number().optional() })),
      })
      .nullable(),
    taskSourceTurnId: id.nullable(),
    summary: text.nullable(),
    summaryThroughTurnId: id,
    createdAt: time,
  }),
  z.strictObject({
    type: z.literal('turn'),
    sessionKey: name,
    id,
    role: z.enum(['user', 'assistant']),
    text,
    userId: identity.nullable(),
    createdAt: time,
    usage: usage.nullable(),
    path: z.enum(['api', 'new-handle', 'resumed', 'fallback-history']).nullable(),
    memoryTokens: id.nullable(),
  }),
  z.strictObject({
    type: z.literal('fact'),
    id,
    text,
    source: z.enum(['user', 'reply', 'api']),
    accessCount: id,
    createdAt: time,
    lastUsedAt: time.nullable(),
    supersededBy: id.nullable(),
    sourceSessionKey: name.nullable(),
    sourceTurnId: id.nullable(),
  }),
]);

/**
 * One line of an export, checked: an `ExportRecord`, or an `InvalidInputError` naming the field at fault (its path,
 * e.g. `pin.clarifications.0.text`) and what was expected. Fields it does not know are refused, not ignored: a file
 * from a newer memstack fails here rather than losing what it holds.
 */
export function parseExportRecord(value: unknown): ExportRecord {
  const parsed = recordSchema.safeParse(value);
  if (parsed.success) return parsed.data as ExportRecord;
  const [issue] = parsed.error.issues;
  const path = [...(issue?.path ?? []), ...(issue?.code === 'unrecognized_keys' ? issue.keys.slice(0, 1) : [])];
  const field = path.length > 0 ? path.join('.') : 'record';
  throw new InvalidInputError('INVALID_ARGUMENT', field, `field ${field}: ${issue?.message ?? 'not a record'}`);
}
