/** An LLM extractor's reply, as a scripted completion model gives it: a task (or none) and the facts, nothing else. */
export const extractionReply = (task: string | null, facts: string[] = []): string =>
  JSON.stringify({ task, clarification: null, facts, supersedes: [] });
