import type { AnthropicConversation, OpenaiConversation, OpenaiMessage, OpenaiMessageLike } from './conversation.js';
import type { MemoryBreakpoint, PreparedTurn } from './prepared-turn.js';

/**
 * What `decorate` returns: the caller's own request with memory added, and what memory went into it, with the same
 * fields as a prepared turn. Pass it back to `record` with the reply.
 */
export interface DecoratedTurn<Request = AnthropicConversation> extends Omit<PreparedTurn, 'request'> {
  request: Request;
  /** Index in `request.messages` of the current turn: the user message memory was added to. */
  currentTurn: number;
  /**
   * memstack's cache breakpoints that the limit of 4 left no room for, given the caller's own (always empty for the
   * OpenAI shape, which has no breakpoints).
   */
  droppedBreakpoints: MemoryBreakpoint[];
  /**
   * True when the current turn is one this session has stored already (a client retrying a call that was recorded):
   * recording it again stores nothing.
   */
  alreadyRecorded: boolean;
  /**
   * The texts memstack added, for an edge that places them in a request of another shape (the AI SDK middleware):
   * the pin's system section and the recap that heads the current turn ('' when there is none).
   */
  memory: { pin: string; recap: string };
}

/** `decorate` over OpenAI chat-completions messages. */
export type DecoratedOpenaiTurn<Message extends OpenaiMessageLike = OpenaiMessage> = DecoratedTurn<
  OpenaiConversation<Message>
>;
