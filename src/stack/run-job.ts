import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { findQuestion } from '../core/task/find-question.js';
import type { ExtractJob, MemoryJob } from '../spec/job-queue.js';
import { compressSession } from './compress-session.js';
import { extractMemory } from './extract-memory.js';
import type { StackContext } from './stack-context.js';

/**
 * Runs one job: an extraction (then the session's compression, and a purge queued when one is due), or a purge.
 * Everything it needs is read from the store, so any worker can run it, in this process or another, now or after a
 * restart. Never throws for what the work meets (failures are events), only when the store itself fails: the queue
 * then tries the job again later.
 */
export async function runJob(context: StackContext, job: MemoryJob): Promise<void> {
  if (job.kind === 'purge') {
    await context.purgeFacts();
    return;
  }
  await runExtractJob(context, job);
  // Each step reads the session (a turn may be 200,000 characters): the event loop runs between them, so that their
  // synchronous stretches never add up to one long stall.
  await yieldToEventLoop();
  await compressSession(context, job.sessionKey);
  if (context.purgeFacts.due()) context.queue.schedule({ kind: 'purge' });
}

async function runExtractJob(context: StackContext, job: ExtractJob): Promise<void> {
  const { sessions } = context.store;
  const snapshot = await sessions.read(job.sessionKey, { maxTurns: 0 });
  // Done already, or forgotten: reading the turns is not worth it.
  if (!snapshot || snapshot.session.extractedThroughTurnId >= job.throughTurnId) return;
  const [user, reply, previous] = await Promise.all([
    sessions.readTurn(job.sessionKey, job.userTurnId),
    sessions.readTurn(job.sessionKey, job.throughTurnId),
    job.previousTurnId === null ? null : sessions.readTurn(job.sessionKey, job.previousTurnId),
  ]);
  if (!user || !reply) return;
  await yieldToEventLoop();
  await extractMemory(context, {
    sessionKey: job.sessionKey,
    scope: { agentId: snapshot.session.agentId, userId: user.userId ?? undefined },
    userText: user.text,
    // As prepare found it: the question of the reply the message followed (a forgotten reply asks none).
    answersQuestion: previous?.role === 'assistant' ? findQuestion(previous.text) : null,
    replyText: reply.text,
    userTurnId: user.id,
    assistantTurnId: reply.id,
    previousTurn: previous ? { id: previous.id, text: previous.text } : undefined,
    session: snapshot.session,
  });
}
