import { describe, expect, it } from 'vitest';
import type { CompletionRequest } from '../../spec/completion-model.js';
import { InvalidOutputError } from '../../spec/errors/invalid-output-error.js';
import { ModelCallError } from '../../spec/errors/model-call-error.js';
import type { ExtractionInput } from '../../spec/extractor.js';
import { scriptedCompletionModel } from '../../testing.js';
import {
  buildExtractionPrompt,
  EXTRACTION_SYSTEM_PROMPT,
  EXTRACTION_SYSTEM_PROMPT_WITH_KEYWORDS,
} from './extraction-prompt.js';
import { llmExtractor } from './llm-extractor.js';

const input: ExtractionInput = {
  userText: 'I deploy with Docker on Fridays.',
  assistantText: 'Got it.',
  taskSource: 'I deploy with Docker on Fridays.',
  question: null,
  pinned: null,
  knownFacts: [{ id: 4, text: 'User deploys on Mondays' }],
  wantFacts: true,
};

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('the promise resolved');
}

describe('llmExtractor', () => {
  it('is a v1 extractor named after the provider and the model', () => {
    const extractor = llmExtractor({ model: scriptedCompletionModel([], { provider: 'acme', modelId: 'tiny-1' }) });
    expect(extractor.specificationVersion).toBe('v1');
    expect(extractor.name).toBe('llm:acme:tiny-1');
  });

  it('makes one call with the system prompt, the built prompt, 600 max tokens and the signal', async () => {
    const model = scriptedCompletionModel(['{"task": "Deploy with Docker", "facts": ["User deploys on Fridays"]}']);
    const controller = new AbortController();
    const extraction = await llmExtractor({ model }).extract(input, { signal: controller.signal });
    expect(extraction).toEqual({ task: 'Deploy with Docker', facts: ['User deploys on Fridays'] });
    expect(model.calls).toHaveLength(1);
    const request = model.calls[0] as CompletionRequest;
    expect(request).toEqual({
      system: EXTRACTION_SYSTEM_PROMPT,
      prompt: buildExtractionPrompt(input),
      maxTokens: 600,
      signal: controller.signal,
    });
    expect(request.signal).toBe(controller.signal);
  });

  it('passes a custom maxTokens', async () => {
    const model = scriptedCompletionModel(['{}']);
    await llmExtractor({ model, maxTokens: 128 }).extract(input, { signal: new AbortController().signal });
    expect(model.calls[0]?.maxTokens).toBe(128);
  });

  it('reads the JSON object out of a fenced reply with prose', async () => {
    const model = scriptedCompletionModel([
      'Here you go:\n```json\n{"task": null, "clarification": null, "facts": [], "supersedes": [4]}\n```',
    ]);
    const extraction = await llmExtractor({ model }).extract(input, { signal: new AbortController().signal });
    expect(extraction).toEqual({ task: null, clarification: null, facts: [], supersedes: [4] });
  });

  it('throws an InvalidOutputError for a reply with no JSON object', async () => {
    const model = scriptedCompletionModel(['Not logged in · Please run /login']);
    const error = await rejectionOf(llmExtractor({ model }).extract(input, { signal: new AbortController().signal }));
    expect(InvalidOutputError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'INVALID_OUTPUT', excerpt: 'Not logged in · Please run /login' });
  });

  it('throws an InvalidOutputError for JSON that does not match the schema', async () => {
    const model = scriptedCompletionModel(['{"facts": "User deploys on Fridays"}']);
    const error = await rejectionOf(llmExtractor({ model }).extract(input, { signal: new AbortController().signal }));
    expect(InvalidOutputError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'INVALID_OUTPUT', excerpt: '{"facts":"User deploys on Fridays"}' });
  });

  it('with searchKeywords, asks for keywords (800 max tokens) and returns each fact with those it keeps', async () => {
    const reply = JSON.stringify({
      facts: [
        { text: "Maria's new pup is called Shadow", keywords: ['puppy', 'dog', 'pet'] },
        { text: 'User deploys on Fridays', keywords: 'deploy' },
      ],
    });
    const model = scriptedCompletionModel([reply]);
    const extraction = await llmExtractor({ model, searchKeywords: true }).extract(input, {
      signal: new AbortController().signal,
    });
    expect(extraction).toEqual({
      facts: [
        { text: "Maria's new pup is called Shadow", keywords: ['puppy', 'dog', 'pet'] },
        'User deploys on Fridays',
      ],
    });
    expect(model.calls[0]).toMatchObject({ system: EXTRACTION_SYSTEM_PROMPT_WITH_KEYWORDS, maxTokens: 800 });
    const custom = scriptedCompletionModel(['{}']);
    await llmExtractor({ model: custom, searchKeywords: true, maxTokens: 300 }).extract(input, {
      signal: new AbortController().signal,
    });
    expect(custom.calls[0]?.maxTokens).toBe(300);
  });

  it('without searchKeywords, sends the default prompt and indexes no keywords a model wrote unasked', async () => {
    const reply = JSON.stringify({
      facts: [{ text: 'User has a puppy', keywords: ['dog'] }, 'User deploys on Fridays'],
    });
    for (const options of [{}, { searchKeywords: false }]) {
      const model = scriptedCompletionModel([reply]);
      const extraction = await llmExtractor({ model, ...options }).extract(input, {
        signal: new AbortController().signal,
      });
      expect(extraction).toEqual({ facts: ['User has a puppy', 'User deploys on Fridays'] });
      expect(model.calls[0]).toMatchObject({ system: EXTRACTION_SYSTEM_PROMPT, maxTokens: 600 });
    }
  });

  it('refuses a searchKeywords that is not a boolean', () => {
    const model = scriptedCompletionModel([]);
    expect(() => llmExtractor({ model, searchKeywords: 'yes' as unknown as boolean })).toThrow(/searchKeywords/);
  });

  it('lets the error of a failed model call through', async () => {
    const failure = new ModelCallError('MODEL_CALL_FAILED', 'overloaded', { status: 529, isRetryable: true });
    const model = scriptedCompletionModel([failure]);
    const error = await rejectionOf(llmExtractor({ model }).extract(input, { signal: new AbortController().signal }));
    expect(error).toBe(failure);
  });
});
