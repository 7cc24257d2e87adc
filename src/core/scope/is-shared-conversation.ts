/**
 * Whether a conversation is shared: a channel or a thread is everyone's who names it (decision 10), so its memory is
 * shown as its participants' words (decision 27), even while one user alone has spoken in it.
 */
export function isSharedConversation(scope: {
  channelId?: string | null | undefined;
  threadId?: string | null | undefined;
}): boolean {
  return (scope.channelId ?? null) !== null || (scope.threadId ?? null) !== null;
}
