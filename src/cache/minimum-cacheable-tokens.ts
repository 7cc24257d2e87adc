/**
 * The shortest prefix (tokens, cumulative up to the breakpoint) that the provider caches, by model family; a shorter
 * prefix is processed uncached and no error is returned. Pass the figure of the model to `simulatePromptCache`.
 *
 * Source: "Cache limitations", https://platform.claude.com/docs/en/build-with-claude/prompt-caching (formerly
 * https://docs.anthropic.com/en/docs/build-with-claude/prompt-caching), read from a stored copy of the page; the
 * Claude 3 rows come from an earlier version of the same page, which listed them before they were retired. These
 * figures have changed between versions of the page (Opus 4.7 was listed at 4,096, then 2,048; third-party mirrors
 * list Sonnet 4.6 at 2,048 where the page says 1,024): check the live page before relying on one for a new model.
 * The page defers to AWS's own documentation for the minimums on Amazon Bedrock.
 */
export const minimumCacheableTokens = {
  'Claude Fable 5.1': 512,
  'Claude Mythos 5.1': 512,
  'Claude Opus 5': 512,
  'Claude Fable 5': 512,
  'Claude Mythos 5': 512,
  'Claude Mythos Preview': 2048,
  'Claude Opus 4.8': 1024,
  'Claude Opus 4.7': 2048,
  'Claude Opus 4.6': 4096,
  'Claude Opus 4.5': 4096,
  'Claude Opus 4.1': 1024,
  'Claude Opus 4': 1024,
  'Claude Sonnet 5': 1024,
  'Claude Sonnet 4.6': 1024,
  'Claude Sonnet 4.5': 1024,
  'Claude Sonnet 4': 1024,
  'Claude Sonnet 3.7': 1024,
  'Claude Sonnet 3.5': 1024,
  'Claude Opus 3': 1024,
  'Claude Haiku 4.5': 4096,
  'Claude Haiku 3.5': 2048,
  'Claude Haiku 3': 2048,
} as const satisfies Record<string, number>;
