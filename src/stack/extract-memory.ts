import { appendClarification } from '../core/append-clarification.js';
import { checkFact } from '../core/check-fact.js';
import { checkPinText } from '../core/check-pin-text.js';
import { contradictionCues, findContradicted } from '../core/find-contradicted.js';
import { isSubstantive } from '../core/is-substantive.js';
import { parseExtraction } from '../core/parse-extraction.js';
import { renderPin } from '../core/render-pin.js';
import { stripSenderMetadata } from '../core/strip-sender-metadata.js';
import { truncateGraphemes } from '../core/truncate-graphemes.js';
import { InvalidOutputError } from '../spec/errors/invalid-output-error.js';
import type { Extraction, ExtractionInput } from '../spec/extractor.js';
import type { Fact } from '../spec/fact.js';
import type { PinState, SessionRecord } from '../spec/memory-store.js';
import type { PreparedTurn } from '../spec/prepared-turn.js';
import { saveFact, storedFact } from './save-fact.js';
import { searchFacts } from './search-facts.js';
import type { StackContext } from './stack-context.js';
import { TimeoutSignal, withTimeout } from './with-timeout.js';

/** How much of each text of the exchange a fact is searched with: the head, where the topic usually is. */
const FACT_CONTEXT_HEAD = 1000;

export interface ExtractionJob {
  prepared: PreparedTurn;
  replyText: string;
  userTurnId: number;
  /** What a fact drawn from this exchange is searched with besides its own text (see `NewFact.context`). */
  factContext?: string | undefined;
}

/**
 * The background half of a turn: one extractor call for the task (until the session is pinned), the answer to
 * the previous question, and the turn's facts; then validation and storage. Never throws: a failure is an event
 * and means no memory from this turn.
 */
export async function extractMemory(context: StackContext, job: ExtractionJob): Promise<void> {
  const sessionKey = job.prepared.session.key;
  try {
    await runExtraction(context, job);
  } catch (error) {
    const reason =
      error instanceof TimeoutSignal ? 'timeout' : InvalidOutputError.isInstance(error) ? 'invalid-output' : 'error';
    context.emit({ type: 'extraction-failed', sessionKey, reason, error });
  }
}

async function runExtraction(context: StackContext, job: ExtractionJob): Promise<void> {
  const { store, limits } = context;
  const { input, session: handle, answersQuestion } = job.prepared;
  const snapshot = await store.sessions.read(handle.key, { maxTurns: 4 });
  // Forgotten meanwhile (the session, or this user's turns): nothing of it may come back as memory.
  if (!snapshot || !(await store.sessions.readTurn(handle.key, job.userTurnId))) return;
  const session = snapshot.session;
  const userText = stripSenderMetadata(input.text);
  const scope = { agentId: input.agentId, userId: input.userId };

  const taskSource = await readTaskSource(context, session);
  const wantFacts = isSubstantive(userText) && limits.factsPerTurn > 0;
  if (taskSource === null && answersQuestion === null && !wantFacts) {
    context.emit({ type: 'extraction-skipped', sessionKey: handle.key, reason: 'not-substantive' });
    return;
  }
  if (taskSource !== null) await store.sessions.update(handle.key, { pinAttempts: session.pinAttempts + 1 });

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
  const extraction = parseExtraction(
    await withTimeout(limits.extractionTimeoutMs, (signal) => context.extractor.extract(extractionInput, { signal })),
  );

  let pin = session.pin;
  if (pin === null && taskSource !== null) pin = await applyTask(context, handle.key, extraction, taskSource.userId);
  if (pin !== null && answersQuestion !== null) await applyClarification(context, job, pin, extraction);
  // Facts are searched with the exchange they came from, and the message it answered, as context (at a lower
  // weight): a later question may use the conversation's words rather than the fact's.
  const previous = snapshot.turns.filter((turn) => turn.id < job.userTurnId).at(-1);
  const factContext = [previous?.text ?? '', userText, job.replyText]
    .filter((text) => text !== '')
    .map((text) => truncateGraphemes(text, FACT_CONTEXT_HEAD, { ellipsis: '' }))
    .join('\n');
  if (wantFacts) await applyFacts(context, { ...job, factContext }, extraction, related);
}

async function readTaskSource(
  context: StackContext,
  session: SessionRecord,
): Promise<{ text: string; userId: string | null } | null> {
  if (session.pin !== null || session.taskSourceTurnId === null) return null;
  if (session.pinAttempts >= context.limits.pinAttempts) return null;
  const turn = await context.store.sessions.readTurn(session.key, session.taskSourceTurnId);
  return turn ? { text: stripSenderMetadata(turn.text), userId: turn.userId } : null;
}

async function applyTask(
  context: StackContext,
  sessionKey: string,
  extraction: Extraction,
  userId: string | null,
): Promise<PinState | null> {
  const task = extraction.task ? checkPinText(extraction.task, context.limits.taskMaxChars) : null;
  if (task === null) {
    if (extraction.task) reject(context, sessionKey, extraction.task, 'invalid-task');
    return null;
  }
  const pin: PinState = { task, taskUserId: userId, clarifications: [] };
  await context.store.sessions.update(sessionKey, { pin });
  context.emit({ type: 'pinned', sessionKey, pinned: renderPin(pin) });
  return pin;
}

async function applyClarification(
  context: StackContext,
  job: ExtractionJob,
  pin: PinState,
  extraction: Extraction,
): Promise<void> {
  const { limits } = context;
  const sessionKey = job.prepared.session.key;
  if (!extraction.clarification) return;
  const text = checkPinText(extraction.clarification, limits.clarificationMaxChars);
  if (text === null) return reject(context, sessionKey, extraction.clarification, 'invalid-clarification');
  const next = appendClarification(
    pin,
    { text, userId: job.prepared.input.userId ?? null, at: context.now().getTime() },
    { maxChars: limits.pinMaxChars, clarificationMaxChars: limits.clarificationMaxChars },
  );
  if (next.pin === pin) return;
  await context.store.sessions.update(sessionKey, { pin: next.pin });
  context.emit({
    type: 'clarification-added',
    sessionKey,
    clarification: text,
    pinned: renderPin(next.pin),
    condensed: next.condensed,
  });
}

async function applyFacts(
  context: StackContext,
  job: ExtractionJob,
  extraction: Extraction,
  related: ReadonlyArray<{ id: number; text: string }>,
): Promise<void> {
  const { store, limits } = context;
  const { input, session } = job.prepared;
  const scope = { agentId: input.agentId, userId: input.userId };
  const rejected: Array<{ text: string; reason: string }> = [];
  const added: Fact[] = [];
  let accepted = 0;
  for (const raw of extraction.facts ?? []) {
    if (accepted >= limits.factsPerTurn) break;
    const checked = checkFact(raw, { maxChars: limits.factMaxChars });
    if (!checked.ok) {
      rejected.push({ text: checked.text, reason: checked.reason });
      continue;
    }
    accepted += 1;
    const saved = await saveFact(context, scope, checked.text, {
      sessionKey: session.key,
      turnId: job.userTurnId,
      context: job.factContext,
    });
    if (saved.added) added.push(storedFact(scope, saved, context.now()));
  }
  if (rejected.length > 0) context.emit({ type: 'output-rejected', sessionKey: session.key, items: rejected });
  if (added.length > 0) context.emit({ type: 'facts-added', sessionKey: session.key, scope, facts: added });

  const newest = added.at(-1);
  if (!newest) return;
  const supersede = async (id: number, byFactId: number): Promise<void> => {
    if (await store.facts.supersede(scope, id, byFactId)) {
      context.emit({ type: 'fact-superseded', sessionKey: session.key, scope, factId: id, byFactId });
    }
  };
  const relatedIds = new Set(related.map((fact) => fact.id));
  const superseded = new Set<number>();
  for (const id of extraction.supersedes ?? []) {
    // Only a fact the extractor was shown may be superseded, and only by a fact stored this turn.
    if (!relatedIds.has(id) || superseded.has(id)) continue;
    superseded.add(id);
    await supersede(id, newest.id);
  }
  // Whatever the extractor said, a new fact replaces a known one that fills the same slot of the same subject ("moved
  // to Berlin" and "lives in Paris"). Such a pair may share no word, so the slot's own words are searched as well.
  const addedIds = new Set(added.map((fact) => fact.id));
  for (const fact of added) {
    const cues = contradictionCues(fact.text);
    if (cues === null) continue;
    const known = [...related, ...((await searchFacts(context, scope, cues, 20)) ?? [])];
    const candidates = known.filter((candidate) => !addedIds.has(candidate.id) && !superseded.has(candidate.id));
    for (const id of new Set(findContradicted(fact.text, candidates))) {
      superseded.add(id);
      await supersede(id, fact.id);
    }
  }
}

function reject(context: StackContext, sessionKey: string, text: string, reason: string): void {
  context.emit({ type: 'output-rejected', sessionKey, items: [{ text: text.slice(0, 200), reason }] });
}
