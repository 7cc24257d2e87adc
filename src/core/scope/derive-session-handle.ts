import { InvalidInputError } from '../../spec/errors/invalid-input-error.js';
import type { SessionScope } from '../../spec/scope.js';
import { sha256, toHex } from '../text/sha256.js';
import { checkId } from './check-id.js';

export interface SessionHandle {
  /**
   * Readable and stable: `agent/channel/thread`, each part URI-encoded, `-` for an absent part; a user's private
   * conversation (no channel, no thread) is `agent/-/-/@user`.
   */
  key: string;
  /** An RFC 4122-shaped UUID (version 5 layout) from SHA-256 of the parts; what the Claude CLI accepts as a session id. */
  uuid: string;
}

/**
 * The handle of a conversation. Identical parts give an identical handle; any difference gives another one.
 * The hash input is the JSON array of the parts, so a part that contains a separator cannot collide
 * with another split of the same characters. `generation` > 0 gives the uuid of a later generation of
 * the same handle (after a resume failure the CLI path starts a new one).
 *
 * A channel or a thread is a conversation everyone in it shares. With neither, the conversation is private: each
 * user has their own (two users of one agent must never share a pin or a history by accident), and a turn without a
 * user is the agent's own conversation.
 */
export function deriveSessionHandle(scope: SessionScope, generation = 0): SessionHandle {
  if (typeof scope !== 'object' || scope === null) {
    throw new InvalidInputError('INVALID_ARGUMENT', 'scope', 'a session scope is an object { agentId, ... }');
  }
  const agentId = checkId(scope.agentId, 'agentId', { required: true }) as string;
  const channelId = checkId(scope.channelId, 'channelId', { required: false });
  const threadId = checkId(scope.threadId, 'threadId', { required: false });
  const userId = channelId === null && threadId === null ? checkId(scope.userId, 'userId', { required: false }) : null;
  if (!Number.isSafeInteger(generation) || generation < 0) {
    throw new InvalidInputError('INVALID_ARGUMENT', 'generation', 'generation must be a non-negative integer');
  }
  let key = [agentId, channelId, threadId].map((part) => (part === null ? '-' : encodePart(part))).join('/');
  const parts: unknown[] = ['memstack.session.v1', agentId, channelId, threadId];
  if (userId !== null) {
    key += `/@${encodeURIComponent(userId)}`;
    parts.push({ user: userId });
  }
  if (generation > 0) parts.push(generation);
  const digest = sha256(JSON.stringify(parts));
  return { key, uuid: formatUuid(digest) };
}

/**
 * The uuid of a later generation of a handle, from its generation-0 uuid: what a model adapter needs when a resumed
 * session broke and a new one must start (generation 0 is the uuid itself).
 */
export function generationUuid(uuid: string, generation: number): string {
  if (typeof uuid !== 'string' || uuid === '') {
    throw new InvalidInputError('INVALID_ARGUMENT', 'uuid', 'generationUuid takes the session uuid, a string');
  }
  if (!Number.isSafeInteger(generation) || generation < 0) {
    throw new InvalidInputError('INVALID_ARGUMENT', 'generation', 'generation must be a non-negative integer');
  }
  if (generation === 0) return uuid;
  return formatUuid(sha256(JSON.stringify(['memstack.generation.v1', uuid, generation])));
}

// `-` alone stands for an absent part, so a literal "-" is encoded.
function encodePart(part: string): string {
  return part === '-' ? '%2D' : encodeURIComponent(part);
}

function formatUuid(digest: Uint8Array): string {
  const bytes = digest.slice(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50; // version 5: name-based
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // RFC 4122 variant
  const hex = toHex(bytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
