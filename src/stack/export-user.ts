import { ConfigError } from '../spec/errors/config-error.js';
import { InvalidInputError } from '../spec/errors/invalid-input-error.js';
import type { ExportedSession, ExportRecord } from '../spec/export-record.js';
import type { SessionRecord } from '../spec/memory-store.js';
import type { SessionSummary, StoreBrowser } from '../spec/store-browser.js';
import { checkScope } from './check-scope.js';
import type { StackContext } from './stack-context.js';

/** Sessions and turns read per store call: an export of any size holds a page at a time. */
const PAGE = 200;

/**
 * Everything stored about one user of one agent, as records (`ExportRecord`): a header, each session they spoke in
 * followed by its turns, then their facts, live and superseded. In a session others spoke in too, only the user's
 * own exchanges, task and clarifications go out, never a summary (it may quote the others). Read a page at a time.
 */
export async function* exportUser(
  context: StackContext,
  scope: { agentId: string; userId: string },
): AsyncGenerator<ExportRecord> {
  const { agentId, userId } = checkScope(scope);
  if (userId === undefined) {
    throw new InvalidInputError('INVALID_ARGUMENT', 'userId', 'an export is of one user: give the userId');
  }
  const browse = context.store.browse;
  if (browse === undefined) {
    throw new ConfigError('NOT_SUPPORTED', `the ${String(context.store.name)} store cannot be browsed for an export`);
  }
  yield { type: 'memstack-export', version: 1, agentId, userId, exportedAt: context.now().toISOString() };
  for await (const summary of sessionsOf(browse, agentId, userId)) {
    const snapshot = await context.store.sessions.read(summary.key, { maxTurns: 0 });
    if (snapshot === null) continue;
    const session = snapshot.session;
    // The session is the user's alone (a private one, or a thread only they spoke in): all of it is theirs.
    const own = !session.shared && session.firstUserId === userId;
    yield exportedSession(session, own, userId);
    let afterId = 0;
    for (;;) {
      const turns = await browse.turns(session.key, { afterId, limit: PAGE });
      for (const turn of turns) {
        if (!own && turn.userId !== userId) continue;
        yield {
          type: 'turn',
          sessionKey: session.key,
          id: turn.id,
          role: turn.role,
          text: turn.text,
          userId: turn.userId,
          createdAt: turn.createdAt.toISOString(),
          usage: turn.usage,
          path: turn.path,
          memoryTokens: turn.memoryTokens,
        };
      }
      if (turns.length < PAGE) break;
      afterId = turns.at(-1)?.id ?? afterId;
    }
  }
  for (const fact of await browse.facts({ agentId, userId })) {
    yield {
      type: 'fact',
      id: fact.id,
      text: fact.text,
      source: fact.source,
      accessCount: fact.accessCount,
      createdAt: fact.createdAt.toISOString(),
      lastUsedAt: fact.lastUsedAt?.toISOString() ?? null,
      supersededBy: fact.supersededBy,
      sourceSessionKey: fact.sourceSessionKey,
      sourceTurnId: fact.sourceTurnId,
    };
  }
}

async function* sessionsOf(browse: StoreBrowser, agentId: string, userId: string): AsyncGenerator<SessionSummary> {
  let after: { updatedAt: Date; key: string } | undefined;
  for (;;) {
    const page = await browse.sessions({ agentId, userId, limit: PAGE, after });
    yield* page;
    const last = page.at(-1);
    if (page.length < PAGE || last === undefined) return;
    after = { updatedAt: last.updatedAt, key: last.key };
  }
}

function exportedSession(session: SessionRecord, own: boolean, userId: string): ExportedSession {
  const pin = session.pin;
  const task = pin && (own || pin.taskUserId === userId) ? pin : null;
  const clarifications = (task?.clarifications ?? []).filter((clarification) => own || clarification.userId === userId);
  return {
    type: 'session',
    key: session.key,
    uuid: session.uuid,
    agentId: session.agentId,
    channelId: session.channelId,
    threadId: session.threadId,
    shared: !own,
    pin: task && {
      task: task.task,
      taskUserId: task.taskUserId,
      clarifications: clarifications.map(({ text, userId: author, at }) => ({
        text,
        userId: author,
        ...(at === undefined ? {} : { at }),
      })),
    },
    taskSourceTurnId: own || pin?.taskUserId === userId ? session.taskSourceTurnId : null,
    summary: own ? session.summary : null,
    summaryThroughTurnId: own ? session.summaryThroughTurnId : 0,
    createdAt: session.createdAt.toISOString(),
  };
}
