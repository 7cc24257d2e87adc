import type { LocomoConversation } from './locomo.js';

export interface ChatExchange {
  user: string;
  assistant: string;
  /** Milliseconds since the start of the conversation. */
  at: number;
}

const MINUTE = 60_000;
const SESSION_GAP = 6 * 60 * MINUTE;

/**
 * A LoCoMo conversation as a chat: speaker_a is the user, speaker_b the assistant; consecutive turns of one speaker
 * are joined (a chat alternates); a session's turns are a minute apart, sessions six hours apart. A reply with no
 * message before it is dropped, and so is a last message with no reply.
 */
export function locomoAsChat(conversation: LocomoConversation): ChatExchange[] {
  const [userSpeaker] = conversation.speakers;
  const exchanges: ChatExchange[] = [];
  let at = 0;
  let pending: { user: string; at: number } | null = null;
  let reply: string | null = null;
  const flush = () => {
    if (pending && reply !== null) exchanges.push({ user: pending.user, assistant: reply, at: pending.at });
    pending = null;
    reply = null;
  };
  for (const session of conversation.sessions) {
    for (const turn of session.turns) {
      const text = turn.text.trim();
      if (text === '') continue;
      if (turn.speaker === userSpeaker) {
        if (reply !== null) flush();
        const current = pending as { user: string; at: number } | null;
        pending = current ? { user: `${current.user}\n${text}`, at: current.at } : { user: text, at };
      } else if (pending) {
        reply = reply === null ? text : `${reply}\n${text}`;
      }
      at += MINUTE;
    }
    at += SESSION_GAP;
  }
  flush();
  return exchanges;
}
