import { ConfigError } from '../../spec/errors/config-error.js';
import type {
  MemoryCandidate,
  MemoryCheckName,
  MemoryPolicy,
  MemoryVerdict,
  SupersedeStatement,
} from '../../spec/memory-policy.js';
import { checkMemoryText } from '../facts/check-memory-text.js';
import { findSuperseded, messageStatements, supersedeCues, userReadings } from '../facts/find-superseded.js';
import { screenPinText } from '../task/screen-pin-text.js';

const CHECKS: ReadonlySet<string> = new Set<MemoryCheckName>([
  'injection',
  'preamble',
  'error-text',
  'markup',
  'question',
  'too-short',
  'repetitive',
  'not-language',
  'instruction',
  'order',
]);

export interface DefaultMemoryPolicyOptions {
  /**
   * Checks turned off, on purpose: what they would refuse is stored. `order` also stops screening tasks and answers
   * sentence by sentence (decision 27); `injection` lets override phrasing into memory, which then reaches every
   * later prompt of the scope: turn it off only where no one but the operator writes.
   */
  allow?: readonly MemoryCheckName[] | undefined;
}

/**
 * Today's rules as a `MemoryPolicy`: the memory gate (`checkMemoryText`: injection and override phrasing, error
 * texts, markup, junk, and for facts preambles, questions, fragments and orders to the assistant), the screening of
 * tasks and answers (`screenPinText`, decision 27; not for the application's own texts), and the one supersede rule
 * (`findSuperseded`, decision 23).
 */
export function defaultMemoryPolicy(options: DefaultMemoryPolicyOptions = {}): MemoryPolicy {
  const allow = checkAllow(options);
  return {
    admit: (candidate) => admit(candidate, allow),
    supersede: {
      statements: (message) => messageStatements(message),
      cues: (statement) => readings(statement).flatMap((reading) => supersedeCues(reading) ?? []),
      find: (statement, known) => [
        ...new Set(readings(statement).flatMap((reading) => findSuperseded(reading, known))),
      ],
    },
  };
}

function admit(candidate: MemoryCandidate, allow: ReadonlySet<MemoryCheckName>): MemoryVerdict {
  const { kind, source } = candidate;
  const checked = checkMemoryText(candidate.text, { kind, maxChars: candidate.maxChars, source, allow });
  if (!checked.ok) return checked;
  // The application's own tasks and answers are its to word; so are screening's words when it is turned off.
  if ((kind !== 'task' && kind !== 'clarification') || source === 'api' || allow.has('order')) return checked;
  const screened =
    kind === 'task'
      ? screenPinText(checked.text, { kind })
      : screenPinText(checked.text, { kind, question: candidate.question ?? null, task: candidate.task ?? null });
  const dropped = screened.dropped.map(({ sentence, reason }) => ({ text: sentence, reason: `order-${reason}` }));
  if (screened.text === '') {
    return { ok: false, text: checked.text, reason: dropped[0]?.reason ?? 'order', dropped };
  }
  return { ok: true, text: screened.text, dropped };
}

function readings(statement: SupersedeStatement): string[] {
  return statement.byUser ? userReadings(statement.text) : [statement.text];
}

function checkAllow(options: DefaultMemoryPolicyOptions): ReadonlySet<MemoryCheckName> {
  if (typeof options !== 'object' || options === null) {
    throw new ConfigError('INVALID_CONFIG', 'defaultMemoryPolicy options must be an object');
  }
  const allow = options.allow ?? [];
  if (!Array.isArray(allow) || allow.some((check) => !CHECKS.has(check))) {
    throw new ConfigError('INVALID_CONFIG', `allow lists checks by name: ${[...CHECKS].join(', ')}`);
  }
  return new Set(allow);
}
