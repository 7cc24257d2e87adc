import { hashFact } from '../core/facts/hash-fact.js';
import { deriveSessionHandle } from '../core/scope/derive-session-handle.js';
import { factContext } from '../core/search/fact-context.js';
import { parseExportRecord } from '../core/validation/parse-export-record.js';
import { InvalidInputError } from '../spec/errors/invalid-input-error.js';
import type { ExportedFact, ExportedSession, ExportedTurn, ExportHeader, ExportRecord } from '../spec/export-record.js';
import type { PinState } from '../spec/memory-store.js';
import { admitMemory } from './admit-memory.js';
import { checkMessage } from './check-message.js';
import { countTokensInSlices } from './count-tokens-in-slices.js';
import type { StackContext } from './stack-context.js';

/** What an import stored, and what it left out. */
export interface ImportReport {
  sessions: number;
  /** Sessions the store held already: their turns are not imported again (an import run twice adds nothing). */
  sessionsSkipped: number;
  turns: number;
  facts: number;
  /** Facts the scope held already (same text): kept once. */
  factsMerged: number;
  /** Facts, tasks and clarifications the memory gate refused (an export edited by hand may hold anything). */
  rejected: number;
}

interface SessionState {
  record: ExportedSession;
  skipped: boolean;
  /** The user turn waiting for its reply. */
  pending: ExportedTurn | null;
  /** New ids of the session's imported turns, in order. */
  turnIds: number[];
}

/**
 * Reads an export back (`ExportRecord`s, as `exportUser` writes them, each checked again here): the sessions the
 * store does not hold yet with their turns (exchanges appended with their original times, no extraction job: their
 * memory is in the export), the pins and summaries, the extraction cursor past the imported turns; then the facts,
 * through the memory gate, with their use counts, the turn they came from and what superseded them. Ids are new.
 */
export async function importRecords(
  context: StackContext,
  records: Iterable<unknown> | AsyncIterable<unknown>,
  options: {
    /** Called after each record, with how many were read. */
    onRecord?: ((count: number) => void) | undefined;
    /** How an error names a record (default `record <n>`; the CLI names the file's line). */
    recordName?: ((count: number) => string) | undefined;
  } = {},
): Promise<ImportReport> {
  const name = options.recordName ?? ((index: number) => `record ${index}`);
  const invalid = (index: number, field: string, message: string) =>
    new InvalidInputError('INVALID_ARGUMENT', field, `${name(index)}: field ${field}: ${message}`);
  const report: ImportReport = { sessions: 0, sessionsSkipped: 0, turns: 0, facts: 0, factsMerged: 0, rejected: 0 };
  let header: ExportHeader | null = null;
  const sessions = new Map<string, SessionState>();
  const turnIds = new Map<number, { sessionKey: string; id: number }>();
  const facts: ExportedFact[] = [];
  let count = 0;
  for await (const value of records) {
    count += 1;
    let record: ExportRecord;
    try {
      record = parseExportRecord(value);
    } catch (error) {
      if (!InvalidInputError.isInstance(error)) throw error;
      throw new InvalidInputError('INVALID_ARGUMENT', error.argument, `${name(count)}: ${error.message}`);
    }
    if (record.type === 'memstack-export') {
      if (header !== null) throw invalid(count, 'type', 'a second header: import one export at a time');
      header = record;
    } else if (header === null) {
      throw invalid(count, 'type', 'an export starts with its header line (type "memstack-export")');
    } else if (record.type === 'session') {
      const wrong = wrongSession(record, header);
      if (wrong) throw invalid(count, wrong.field, wrong.message);
      const existing = sessions.get(record.key);
      if (existing) await finishSession(context, existing, turnIds, report);
      const stored = await context.store.sessions.read(record.key, { maxTurns: 0 });
      sessions.set(record.key, { record, skipped: stored !== null, pending: null, turnIds: [] });
      report[stored === null ? 'sessions' : 'sessionsSkipped'] += 1;
    } else if (record.type === 'turn') {
      const session = sessions.get(record.sessionKey);
      if (!session) throw invalid(count, 'sessionKey', 'a turn comes after the line of its session');
      if (!session.skipped) {
        const wrong = await importTurn(context, session, record, turnIds, report);
        if (wrong) throw invalid(count, 'role', wrong);
      }
    } else {
      facts.push(record);
    }
    options.onRecord?.(count);
  }
  if (header === null) throw invalid(count, 'type', 'no header line: not a memstack export');
  for (const session of sessions.values()) await finishSession(context, session, turnIds, report);
  await importFacts(context, header, facts, turnIds, sessions, report);
  return report;
}

/** A session's key and uuid are derived from its ids: a line that names another session's key is refused. */
function wrongSession(record: ExportedSession, header: ExportHeader): { field: string; message: string } | null {
  if (record.agentId !== header.agentId) return { field: 'agentId', message: `not the export's ${header.agentId}` };
  const scope = {
    agentId: record.agentId,
    channelId: record.channelId ?? undefined,
    threadId: record.threadId ?? undefined,
  };
  const candidates = [deriveSessionHandle({ ...scope, userId: header.userId }), deriveSessionHandle(scope)];
  if (candidates.some((handle) => handle.key === record.key && handle.uuid === record.uuid)) return null;
  return { field: 'key', message: "the key and uuid are not those of the session's agent, channel and thread" };
}

async function importTurn(
  context: StackContext,
  session: SessionState,
  turn: ExportedTurn,
  turnIds: Map<number, { sessionKey: string; id: number }>,
  report: ImportReport,
): Promise<string | null> {
  if (turn.role === 'user') {
    if (session.pending) return `user turn ${session.pending.id} has no reply before this one`;
    session.pending = turn;
    return null;
  }
  const user = session.pending;
  if (!user) return 'a reply without the user turn before it';
  session.pending = null;
  const { record } = session;
  const userText = checkMessage(user.text, 'text', context.limits.maxMessageChars);
  const replyText = checkMessage(turn.text, 'text', context.limits.maxMessageChars);
  const ids = await context.store.sessions.appendExchange({
    session: {
      key: record.key,
      uuid: record.uuid,
      agentId: record.agentId,
      channelId: record.channelId,
      threadId: record.threadId,
    },
    userId: user.userId,
    user: { text: userText, tokens: await countTokensInSlices(context.countTokens, userText) },
    assistant: {
      text: replyText,
      tokens: await countTokensInSlices(context.countTokens, replyText),
      usage: turn.usage ?? undefined,
      path: turn.path ?? undefined,
      memoryTokens: turn.memoryTokens ?? undefined,
    },
    taskSource: record.taskSourceTurnId === user.id,
    injectedFactIds: [],
    at: new Date(user.createdAt),
  });
  turnIds.set(user.id, { sessionKey: record.key, id: ids.userTurnId });
  turnIds.set(turn.id, { sessionKey: record.key, id: ids.assistantTurnId });
  session.turnIds.push(ids.userTurnId, ids.assistantTurnId);
  report.turns += 2;
  return null;
}

/**
 * A new session's pin (its texts through the memory gate), summary and extraction cursor, once its turns are in:
 * the turns' memory came with the export, so no extraction runs over them.
 */
async function finishSession(
  context: StackContext,
  session: SessionState,
  turnIds: ReadonlyMap<number, { sessionKey: string; id: number }>,
  report: ImportReport,
): Promise<void> {
  if (session.skipped || session.turnIds.length === 0) return;
  const { record } = session;
  const last = session.turnIds.at(-1) as number;
  session.skipped = true;
  const { sessions } = context.store;
  const pin = record.pin && checkedPin(context, record.pin, report);
  if (pin) await sessions.update(record.key, { pin: { value: pin, expectedPinVersion: 0 } });
  await sessions.update(record.key, { cursor: { throughTurnId: last, expectedThroughTurnId: 0 } });
  if (record.summary !== null && record.summaryThroughTurnId > 0) {
    const summary = admittedText(context, record.summary, 'summary', context.limits.summaryMaxChars);
    // The summary covers the turns up to the one it names, which has a new id now.
    const through = turnIds.get(record.summaryThroughTurnId);
    if (summary === null) report.rejected += 1;
    else if (through !== undefined) {
      await sessions.compress(record.key, {
        summary,
        throughTurnId: through.id,
        expectedThroughTurnId: 0,
        expectedHistoryVersion: 0,
      });
    }
  }
}

function checkedPin(
  context: StackContext,
  pin: NonNullable<ExportedSession['pin']>,
  report: ImportReport,
): PinState | null {
  const task = admittedText(context, pin.task, 'task', context.limits.pinMaxChars);
  if (task === null) {
    report.rejected += 1;
    return null;
  }
  const clarifications: PinState['clarifications'] = [];
  for (const clarification of pin.clarifications) {
    const text = admittedText(context, clarification.text, 'clarification', context.limits.clarificationMaxChars);
    if (text === null) report.rejected += 1;
    else clarifications.push({ text, userId: clarification.userId, at: clarification.at, source: 'user' });
  }
  return { task, taskUserId: pin.taskUserId, clarifications };
}

async function importFacts(
  context: StackContext,
  header: ExportHeader,
  facts: readonly ExportedFact[],
  turnIds: ReadonlyMap<number, { sessionKey: string; id: number }>,
  sessions: ReadonlyMap<string, SessionState>,
  report: ImportReport,
): Promise<void> {
  const scope = { agentId: header.agentId, userId: header.userId };
  const factIds = new Map<number, { id: number; inserted: boolean }>();
  // Live facts first; a superseded one only once the fact that replaced it is stored by this import (its chain
  // resolved newest first): inserted on its own, it would be live again, and an import run twice would bring back
  // every superseded fact.
  let waiting = [...facts];
  for (;;) {
    const ready = waiting.filter(
      (fact) => fact.supersededBy === null || factIds.get(fact.supersededBy)?.inserted === true,
    );
    if (ready.length === 0) break;
    waiting = waiting.filter((fact) => !ready.includes(fact));
    for (const fact of ready) await importFact(context, scope, fact, turnIds, sessions, factIds, report);
  }
  for (const fact of facts) {
    const old = factIds.get(fact.id);
    const by = fact.supersededBy === null ? undefined : factIds.get(fact.supersededBy);
    if (old?.inserted && by?.inserted) await context.store.facts.supersede(scope, old.id, by.id);
  }
}

async function importFact(
  context: StackContext,
  scope: { agentId: string; userId: string },
  fact: ExportedFact,
  turnIds: ReadonlyMap<number, { sessionKey: string; id: number }>,
  sessions: ReadonlyMap<string, SessionState>,
  factIds: Map<number, { id: number; inserted: boolean }>,
  report: ImportReport,
): Promise<void> {
  const checked = admitMemory(context, {
    text: fact.text,
    kind: 'fact',
    source: fact.source,
    maxChars: context.limits.factMaxChars,
  });
  if (!checked.ok) {
    report.rejected += 1;
    return;
  }
  const source = fact.sourceTurnId === null ? undefined : turnIds.get(fact.sourceTurnId);
  const contextTurns = source ? await exchangeTurns(context, source, sessions) : [];
  const stored = await context.store.facts.insert(scope, {
    text: checked.text,
    hash: hashFact(checked.text),
    sourceSessionKey: source?.sessionKey ?? null,
    sourceTurnId: source?.id ?? null,
    source: fact.source,
    context: factContext(contextTurns.map((turn) => turn.text)),
    contextTurnIds: contextTurns.map((turn) => turn.id),
    at: new Date(fact.createdAt),
    usage: { accessCount: fact.accessCount, lastUsedAt: fact.lastUsedAt === null ? null : new Date(fact.lastUsedAt) },
  });
  if (stored === null) return;
  factIds.set(fact.id, stored);
  report[stored.inserted ? 'facts' : 'factsMerged'] += 1;
}

/** The exchange a fact came from, as `extract` gives it its context: the turn before the message, the message, the reply. */
async function exchangeTurns(
  context: StackContext,
  source: { sessionKey: string; id: number },
  sessions: ReadonlyMap<string, SessionState>,
): Promise<Array<{ id: number; text: string }>> {
  const ids = sessions.get(source.sessionKey)?.turnIds ?? [];
  const index = ids.indexOf(source.id);
  if (index < 0) return [];
  const wanted = ids.slice(Math.max(0, index - 1), index + 2);
  const turns = await Promise.all(wanted.map((id) => context.store.sessions.readTurn(source.sessionKey, id)));
  return turns.flatMap((turn) => (turn ? [{ id: turn.id, text: turn.text }] : []));
}

/**
 * A task, answer or summary of an export, as the stack's policy admits it: the application's own record (its
 * export), so never screened sentence by sentence; null when refused.
 */
function admittedText(
  context: StackContext,
  text: string,
  kind: 'task' | 'clarification' | 'summary',
  maxChars: number,
): string | null {
  const verdict = admitMemory(context, { text, kind, source: 'api', maxChars });
  return verdict.ok ? verdict.text : null;
}
