import { setTimeout as sleep, setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { isSubstantive } from '../core/facts/is-substantive.js';
import { renderPin } from '../core/prompt/render-pin.js';
import { factContext } from '../core/search/fact-context.js';
import { appendClarification } from '../core/task/append-clarification.js';
import { stripSenderMetadata } from '../core/text/strip-sender-metadata.js';
import { parseExtraction } from '../core/validation/parse-extraction.js';
import { InvalidOutputError } from '../spec/errors/invalid-output-error.js';
import { StoreError } from '../spec/errors/store-error.js';
import type { Extraction, ExtractionInput } from '../spec/extractor.js';
import type { Fact } from '../spec/fact.js';
import type { MemoryVerdict } from '../spec/memory-policy.js';
import type { Clarification, ExtractionCommit, PinState, SessionRecord } from '../spec/memory-store.js';
import { admitMemory } from './admit-memory.js';
import { type FactPlan, NO_FACTS, planFacts } from './plan-facts.js';
import { storedFact } from './save-fact.js';
import { searchFacts } from './search-facts.js';
import type { StackContext } from './stack-context.js';
import { storeVectors } from './store-vectors.js';
import { TimeoutSignal, withTimeout } from './with-timeout.js';

/** Attempts of a job whose store was locked by another process for longer than a call waits. */
const ATTEMPTS = 3;
const RETRY_PAUSE_MS = 250;
/** Attempts of a pin write that found the pin changed since it was read (another turn, a forget). */
const PIN_WRITE_ATTEMPTS = 3;

export interface ExtractionJob {
  sessionKey: string;
  scope: { agentId: string; userId: string | undefined };
  /** The user's message as stored. */
  userText: string;
  /** The question of the previous reply that this message answers, if it asked one. */
  answersQuestion: string | null;
  replyText: string;
  userTurnId: number;
  assistantTurnId: number;
  /** The turn before the message when it was prepared (the previous reply), if any. */
  previousTurn?: { id: number; text: string } | undefined;
  /** What a fact drawn from this exchange is searched with besides its own text, and the turns it quotes. */
  factContext?: { text: string; turnIds: number[] } | undefined;
  /** The session as the caller just read it, with the user turn there: the first attempt does not read it again. */
  session?: SessionRecord | undefined;
}

/**
 * The background half of a turn: one extractor call for the task (until the session is pinned), the answer to
 * the previous question, and the turn's facts; then validation and storage. Never throws: a failure is an event
 * and means no memory from this turn.
 */
export async function extractMemory(context: StackContext, job: ExtractionJob): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const added = await runExtraction(context, attempt === 1 ? job : { ...job, session: undefined });
      // Written: the exchange's vectors follow, outside the retries (their failure is their own event).
      if (added !== null && context.embedding !== undefined) {
        await storeVectors(context, {
          sessionKey: job.sessionKey,
          scope: job.scope,
          facts: added,
          turns: [
            { id: job.userTurnId, text: job.userText },
            { id: job.assistantTurnId, text: job.replyText },
          ],
        });
      }
      return;
    } catch (error) {
      // Another process held the write lock too long: the job runs again rather than lose the turn's memory (a rerun
      // stores nothing twice: facts are deduplicated, and the pin is written with the cursor, which a rerun finds
      // moved).
      if (StoreError.isInstance(error) && error.isRetryable && attempt < ATTEMPTS) {
        await sleep(RETRY_PAUSE_MS * attempt);
        continue;
      }
      const reason =
        error instanceof TimeoutSignal ? 'timeout' : InvalidOutputError.isInstance(error) ? 'invalid-output' : 'error';
      context.emit({ type: 'extraction-failed', sessionKey: job.sessionKey, reason, error });
      return;
    }
  }
}

/** The facts the extraction added, or null when it wrote nothing (the exchange was done already, or forgotten). */
async function runExtraction(context: StackContext, job: ExtractionJob): Promise<Fact[] | null> {
  const { store, limits } = context;
  const { sessionKey, scope, answersQuestion } = job;
  const session = job.session ?? (await readSession(context, job));
  // Forgotten meanwhile (the session, or this user's turns): nothing of it may come back as memory.
  if (!session) return null;
  // Done already: the job ran before (a rerun after a crash, or a worker whose lease expired under it).
  if (session.extractedThroughTurnId >= job.assistantTurnId) return null;
  const userText = stripSenderMetadata(job.userText);

  const taskSource = await readTaskSource(context, session);
  // The reads above and the work below may each take tens of milliseconds on a 200,000-character turn: the event
  // loop runs between them (see `runJob`).
  await yieldToEventLoop();
  const wantFacts = isSubstantive(userText) && limits.factsPerTurn > 0;
  if (taskSource === null && answersQuestion === null && !wantFacts) {
    context.emit({ type: 'extraction-skipped', sessionKey, reason: 'not-substantive' });
    return await commit(context, job, session, {}, null, NO_FACTS);
  }
  if (taskSource !== null) await store.sessions.update(sessionKey, { countPinAttempt: true });

  const related = wantFacts ? ((await searchFacts(context, scope, userText, 8)) ?? []) : [];
  const extractionInput: ExtractionInput = {
    userText,
    assistantText: job.replyText,
    taskSource: taskSource?.text ?? null,
    question: answersQuestion,
    pinned: session.pin ? renderPin(session.pin) : null,
    knownFacts: related.map(({ id, text }) => ({ id, text })),
    wantFacts,
  };
  await yieldToEventLoop();
  const extraction = parseExtraction(
    await withTimeout(limits.extractionTimeoutMs, (signal) => context.extractor.extract(extractionInput, { signal })),
  );
  await yieldToEventLoop();

  // Facts are searched with the exchange they came from, and the message it answered, as context (at a lower
  // weight): a later question may use the conversation's words rather than the fact's.
  const contextTurns = [
    ...(job.previousTurn ? [job.previousTurn] : []),
    { id: job.userTurnId, text: job.userText },
    { id: job.assistantTurnId, text: job.replyText },
  ];
  const factContextOf = {
    text: factContext(contextTurns.map((turn) => turn.text)),
    turnIds: contextTurns.map((turn) => turn.id),
  };
  // The facts are planned from reads (near-duplicates, the facts they replace), then written with the pin and the
  // cursor in one transaction: a job run twice, or after a crash, stores nothing twice.
  // Where others take part, the reply and the pin the extractor saw may carry their words: a fact is kept for the
  // speaker only in the speaker's own words, so that one participant's personal facts never become another's.
  const othersTakePart = session.shared || session.firstUserId !== (scope.userId ?? null);
  const plan = wantFacts
    ? await planFacts(context, { ...job, factContext: factContextOf }, extraction, related, othersTakePart)
    : NO_FACTS;
  await yieldToEventLoop();
  return await commit(context, job, session, extraction, taskSource, plan);
}

async function readSession(context: StackContext, job: ExtractionJob): Promise<SessionRecord | null> {
  const snapshot = await context.store.sessions.read(job.sessionKey, { maxTurns: 0 });
  if (!snapshot || !(await context.store.sessions.readTurn(job.sessionKey, job.userTurnId))) return null;
  return snapshot.session;
}

interface TaskSource {
  text: string;
  userId: string | null;
  turnId: number;
}

async function readTaskSource(context: StackContext, session: SessionRecord): Promise<TaskSource | null> {
  if (session.pin !== null || session.taskSourceTurnId === null) return null;
  if (session.pinAttempts >= context.limits.pinAttempts) return null;
  const turn = await context.store.sessions.readTurn(session.key, session.taskSourceTurnId);
  return turn ? { text: stripSenderMetadata(turn.text), userId: turn.userId, turnId: turn.id } : null;
}

/**
 * Writes what the exchange adds, in one transaction (`commitExtraction`): the facts planned, the pin (the task, the
 * answer to the previous question) and the extraction cursor past the exchange, checked against both versions read:
 * the pin's and the cursor's. When the pin changed since it was read (a clarification from another process, a
 * forget), nothing was written: the session is read again and the answer appended to what is there now; a task is
 * only written on the first try (a forget of the task's author, or another process pinning first, wins); when the
 * answering turn itself was forgotten meanwhile, or another worker moved the cursor past this exchange, nothing is
 * written. Events follow what was written.
 */
async function commit(
  context: StackContext,
  job: ExtractionJob,
  read: SessionRecord,
  extraction: Extraction,
  taskSource: TaskSource | null,
  plan: FactPlan,
): Promise<Fact[] | null> {
  const { limits, store } = context;
  const { sessionKey, scope } = job;
  const answer =
    job.answersQuestion !== null
      ? checkedClarification(context, job, extraction, read.pin?.task ?? taskSource?.text ?? null)
      : null;
  // The task stated in answer to the assistant's question ("...should the offline cache stay?" / "It should
  // stay...") is the answer with its question: the answer alone does not say what it keeps.
  const answerIsTask = answer !== null && taskSource?.turnId === job.userTurnId;
  const task =
    taskSource !== null && read.pin === null
      ? answerIsTask
        ? answer.text
        : checkedTask(context, sessionKey, extraction)
      : null;
  const clarification = answerIsTask ? null : answer;
  let session: SessionRecord | null = read;
  for (let attempt = 1; session !== null && attempt <= PIN_WRITE_ATTEMPTS; attempt += 1) {
    if (session.extractedThroughTurnId >= job.assistantTurnId) return null;
    const tasked: PinState | null =
      attempt === 1 && task !== null && session.pin === null
        ? {
            task,
            taskUserId: taskSource?.userId ?? null,
            taskSource: 'user',
            taskAt: context.now().getTime(),
            clarifications: [],
          }
        : null;
    const base = tasked ?? session.pin;
    const appended =
      base && clarification
        ? appendClarification(base, clarification, {
            maxChars: limits.pinMaxChars,
            clarificationMaxChars: limits.clarificationMaxChars,
          })
        : null;
    const pin = appended?.pin ?? base;
    const written = await store.sessions.commitExtraction(sessionKey, {
      cursor: { throughTurnId: job.assistantTurnId, expectedThroughTurnId: session.extractedThroughTurnId },
      ...(pin !== session.pin ? { pin: { value: pin, expectedPinVersion: session.pinVersion } } : {}),
      scope,
      facts: plan.facts.map((fact) => fact.write),
      touch: plan.nearDuplicates.map((duplicate) => duplicate.id),
      supersede: plan.supersede,
      at: context.now(),
    });
    if (written) {
      const added = emitFacts(context, job, plan, written);
      if (tasked) context.emit({ type: 'pinned', sessionKey, pinned: renderPin(tasked) });
      if (appended && clarification && appended.pin !== base) {
        emitClarification(context, sessionKey, clarification.text, appended);
      }
      return added;
    }
    if (!(await store.sessions.readTurn(sessionKey, job.userTurnId))) return null;
    session = (await store.sessions.read(sessionKey, { maxTurns: 0 }))?.session ?? null;
  }
  return null;
}

/**
 * The task the extractor returned, as the stack's policy admits it (by default through the memory gate, without the
 * sentences that direct the assistant beyond the speaker's own work); null (and an event when refused) when none.
 */
function checkedTask(context: StackContext, sessionKey: string, extraction: Extraction): string | null {
  if (extraction.task === undefined || extraction.task === null) return null;
  const verdict = admitMemory(context, {
    text: extraction.task,
    kind: 'task',
    source: 'user',
    maxChars: context.limits.taskMaxChars,
  });
  return admitted(context, sessionKey, 'task', verdict);
}

function checkedClarification(
  context: StackContext,
  job: ExtractionJob,
  extraction: Extraction,
  task: string | null,
): Clarification | null {
  const { limits } = context;
  if (extraction.clarification === undefined || extraction.clarification === null) return null;
  // The answer is the user's own words: injection phrasing is refused even here (a planted "answer").
  const verdict = admitMemory(context, {
    text: extraction.clarification,
    kind: 'clarification',
    source: 'user',
    maxChars: limits.clarificationMaxChars,
    question: job.answersQuestion,
    task,
  });
  const text = admitted(context, job.sessionKey, 'clarification', verdict);
  if (text === null) return null;
  return { text, userId: job.scope.userId ?? null, at: context.now().getTime(), source: 'user' };
}

/**
 * The text the policy admitted (null when it refused); each sentence it dropped from a task or an answer, and a
 * refusal, is an `output-rejected` event's item.
 */
function admitted(
  context: StackContext,
  sessionKey: string,
  kind: 'task' | 'clarification',
  verdict: MemoryVerdict,
): string | null {
  const dropped = (verdict.dropped ?? []).map(({ text, reason }) => ({ text, reason: `${kind}-${reason}` }));
  const items =
    verdict.ok || dropped.length > 0 ? dropped : [{ text: verdict.text, reason: `${kind}-${verdict.reason}` }];
  if (items.length > 0) context.emit({ type: 'output-rejected', sessionKey, items });
  return verdict.ok ? verdict.text : null;
}

function emitClarification(
  context: StackContext,
  sessionKey: string,
  text: string,
  next: { pin: PinState; condensed: boolean },
): void {
  context.emit({
    type: 'clarification-added',
    sessionKey,
    clarification: text,
    pinned: renderPin(next.pin),
    condensed: next.condensed,
  });
}

/** The events of what `commitExtraction` wrote of the plan; returns the facts it added. */
function emitFacts(context: StackContext, job: ExtractionJob, plan: FactPlan, written: ExtractionCommit): Fact[] {
  const { sessionKey, scope } = job;
  if (plan.rejected.length > 0) context.emit({ type: 'output-rejected', sessionKey, items: plan.rejected });
  const added: Fact[] = [];
  plan.facts.forEach(({ write, source }, index) => {
    const result = written.facts[index];
    if (!result) return;
    if (result.inserted)
      added.push(storedFact(scope, { id: result.id, text: write.text, added: true }, source, write.at));
    else context.emit({ type: 'fact-duplicate', sessionKey, scope, factId: result.id, text: write.text });
  });
  for (const duplicate of plan.nearDuplicates) {
    context.emit({ type: 'fact-duplicate', sessionKey, scope, factId: duplicate.id, text: duplicate.text });
  }
  if (added.length > 0) context.emit({ type: 'facts-added', sessionKey, scope, facts: added });
  for (const { id, byId } of written.superseded) {
    context.emit({ type: 'fact-superseded', sessionKey, scope, factId: id, byFactId: byId });
  }
  return added;
}
