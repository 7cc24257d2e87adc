import { attributeSource } from '../core/facts/attribute-source.js';
import { hashFact } from '../core/facts/hash-fact.js';
import { factSimilarity } from '../core/search/fact-similarity.js';
import { stripSenderMetadata } from '../core/text/strip-sender-metadata.js';
import type { Extraction } from '../spec/extractor.js';
import type { MemorySource } from '../spec/memory-source.js';
import type { NewFact } from '../spec/memory-store.js';
import { admitMemory } from './admit-memory.js';
import type { ExtractionJob } from './extract-memory.js';
import { findNearDuplicate, findSupersededFacts, userStatements } from './save-fact.js';
import type { StackContext } from './stack-context.js';

/** The facts an extraction will write, found from reads only: what to insert, bump and supersede. */
export interface FactPlan {
  facts: Array<{ write: NewFact; source: MemorySource }>;
  /** Stored facts with nearly the same wording as a new one: bumped instead of a second copy. */
  nearDuplicates: Array<{ id: number; text: string }>;
  supersede: Array<{ id: number; byFact: number | 'newest' }>;
  rejected: Array<{ text: string; reason: string }>;
}

export const NO_FACTS: FactPlan = { facts: [], nearDuplicates: [], supersede: [], rejected: [] };

/**
 * The plan of an extraction's facts, from reads only: each fact admitted by the policy (whose words it carries
 * decides what it may say), near-duplicates bumped, and what the new facts and the user's own statements replace.
 */
export async function planFacts(
  context: StackContext,
  job: ExtractionJob,
  extraction: Extraction,
  related: ReadonlyArray<{ id: number; text: string }>,
  othersTakePart: boolean,
): Promise<FactPlan> {
  const { limits } = context;
  const { scope } = job;
  const plan: FactPlan = { facts: [], nearDuplicates: [], supersede: [], rejected: [] };
  let accepted = 0;
  const userText = stripSenderMetadata(job.userText);
  for (const extracted of extraction.facts ?? []) {
    if (accepted >= limits.factsPerTurn) break;
    // Search keywords (`parseExtraction` read them) are only indexed: they pass no further rule of the policy, which
    // judges sentences, and come only with a fact it admits. They are the extractor's words, not the speaker's: where
    // others take part they may carry another participant's words (from the pin, the reply), so none are kept.
    const { text: raw, keywords = [] } = typeof extracted === 'string' ? { text: extracted } : extracted;
    // Whose words the fact carries decides what it may say: a preference about answers taken from a reply (or a tool
    // output it quotes) is refused, the user's own is kept.
    const source =
      typeof raw === 'string'
        ? attributeSource(raw, { user: userText, reply: job.replyText }, { ownWords: othersTakePart })
        : 'reply';
    if (othersTakePart && source === 'reply') {
      plan.rejected.push({ text: typeof raw === 'string' ? raw.slice(0, 200) : '', reason: 'not-own-words' });
      continue;
    }
    const checked = admitMemory(context, { text: raw, kind: 'fact', source, maxChars: limits.factMaxChars });
    if (!checked.ok) {
      plan.rejected.push({ text: checked.text, reason: checked.reason });
      continue;
    }
    accepted += 1;
    // Two facts of this very turn worded nearly the same: the first one stands for both.
    if (plan.facts.some(({ write }) => factSimilarity(write.text, checked.text) >= limits.nearDuplicateSimilarity)) {
      continue;
    }
    const near = await findNearDuplicate(context, scope, checked.text);
    if (near) {
      plan.nearDuplicates.push({ id: near.id, text: checked.text });
      continue;
    }
    plan.facts.push({
      source,
      write: {
        text: checked.text,
        hash: hashFact(checked.text),
        sourceSessionKey: job.sessionKey,
        sourceTurnId: job.userTurnId,
        source,
        context: job.factContext?.text,
        contextTurnIds: job.factContext?.turnIds,
        ...(keywords.length > 0 && !othersTakePart ? { keywords } : {}),
        at: context.now(),
      },
    });
  }
  if (plan.facts.length === 0) return plan;
  const relatedIds = new Set(related.map((fact) => fact.id));
  const superseded = new Set<number>();
  // An extractor that answers the question (an LLM's `supersedes`, even empty) is trusted on the facts it was shown:
  // it read them and the message, where the word rules read words. Only a fact it was shown may go by its word, and
  // only for a fact stored now.
  const trusted = extraction.supersedes !== undefined;
  for (const id of extraction.supersedes ?? []) {
    if (!relatedIds.has(id) || superseded.has(id)) continue;
    superseded.add(id);
    plan.supersede.push({ id, byFact: 'newest' });
  }
  // The policy's supersede rule (as `facts.add` applies it) runs on each new fact, then on the user's own statements
  // ("I've gone off dark roast, …"), for what the extractor did not judge: every fact when it gave no answer (the
  // heuristic extractor, an LLM reply without the field), else only facts it was never shown (a move to Berlin shares
  // no word with "lives in Paris", so the search that chose what it saw did not find it). What the message replaces
  // is replaced by the turn's newest fact; a turn that stores no fact replaces nothing.
  const statements: Array<{ text: string; byFact: number | 'newest'; byUser: boolean }> = [
    ...plan.facts.map(({ write }, index) => ({ text: write.text, byFact: index, byUser: false })),
    ...userStatements(context, userText).map((text) => ({ text, byFact: 'newest' as const, byUser: true })),
  ];
  for (const { text, byFact, byUser } of statements) {
    for (const id of await findSupersededFacts(context, scope, text, { related, byUser })) {
      if (superseded.has(id) || (trusted && relatedIds.has(id))) continue;
      superseded.add(id);
      plan.supersede.push({ id, byFact });
    }
  }
  return plan;
}
