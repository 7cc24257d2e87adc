import type { Extraction, Extractor } from '../../src/index.js';

/** An extractor without a model: what `next` gives for the user's message (for tests of what surrounds extraction). */
export function scriptedExtractor(next: (userText: string) => Extraction | Promise<Extraction>): Extractor {
  return { specificationVersion: 'v1', name: 'scripted', extract: async (input) => next(input.userText) };
}

/** Three messages, each with the fact a careful reader keeps from it: the conversation of the vector tests. */
export const PERSONAL_FACTS: Readonly<Record<string, string[]>> = {
  'I live in Paris.': ['User lives in Paris'],
  'I drink green tea every morning.': ['User drinks green tea every morning'],
  'I work at Acme as a designer.': ['User works at Acme as a designer'],
};

/** The extractor that keeps `PERSONAL_FACTS`, and nothing from any other message. */
export const personalFactsExtractor: Extractor = scriptedExtractor((text) => ({ facts: PERSONAL_FACTS[text] ?? [] }));
