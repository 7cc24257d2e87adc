import fc from 'fast-check';
import { anthropicModel } from '../../src/anthropic.js';
import { claudeCliModel } from '../../src/claude-cli.js';
import * as memstack from '../../src/index.js';
import { openaiCompatibleEmbedder, openaiCompatibleModel } from '../../src/openai-compatible.js';
import { sqliteStore } from '../../src/sqlite.js';
import { scriptedCompletionModel } from '../../src/testing.js';

/** Anything a caller could pass: every JSON-ish value, objects of any shape, functions, symbols, huge numbers. */
export const anyArgument = fc.oneof(
  fc.anything({ maxDepth: 3, withBigInt: true, withDate: true, withMap: true, withSet: true, withNullPrototype: true }),
  fc.constantFrom(() => {}, Symbol('s'), Number.NaN, -1, 1e308, '', 'x'.repeat(10_000), '\ud800'),
);

/**
 * Every public function and method of every entry that does no network I/O, by name, for a stack that the caller owns (model
 * methods are left out: a well-shaped request would call the provider).
 */
export function publicFunctions(stack: memstack.MemoryStack): Record<string, (...values: unknown[]) => unknown> {
  const functions: Record<string, (...values: never[]) => unknown> = {
    deriveSessionHandle: memstack.deriveSessionHandle,
    generationUuid: memstack.generationUuid,
    trimTurn: memstack.trimTurn,
    heuristicExtractor: memstack.heuristicExtractor,
    llmExtractor: memstack.llmExtractor,
    anthropicModel: anthropicModel,
    claudeCliModel: claudeCliModel,
    openaiCompatibleModel: openaiCompatibleModel,
    openaiCompatibleEmbedder: openaiCompatibleEmbedder,
    createMemoryStack: memstack.createMemoryStack,
    // Only in-memory databases: the calls must not write files where they run.
    sqliteStore: (options: unknown) =>
      sqliteStore(
        (typeof options === 'object' && options !== null && 'path' in options
          ? { ...options, path: ':memory:' }
          : options) as never,
      ),
    o200kTokenizer: memstack.o200kTokenizer,
    'stack.prepare': stack.prepare,
    'stack.decorate': stack.decorate,
    'stack.record': stack.record,
    'stack.session': stack.session,
    'stack.searchTurns': stack.searchTurns,
    'stack.forget': stack.forget,
    'stack.facts.add': stack.facts.add,
    'stack.facts.list': stack.facts.list,
    'stack.facts.search': stack.facts.search,
    'stack.facts.remove': stack.facts.remove,
    'heuristicExtractor().extract': (...values: unknown[]) =>
      memstack.heuristicExtractor().extract(...(values as [never, never])),
    'heuristicExtractor().summarize': (...values: unknown[]) =>
      memstack.heuristicExtractor().summarize?.(...(values as [never, never])),
    'llmExtractor().extract': (...values: unknown[]) =>
      memstack
        .llmExtractor({ model: scriptedCompletionModel(['{"facts": []}']) })
        .extract(...(values as [never, never])),
  };
  return functions as Record<string, (...values: unknown[]) => unknown>;
}

/** Calls `call`: 'ok' when it returns or resolves, 'typed' for a MemstackError with a code, else 'untyped'. */
export async function outcomeOf(call: () => unknown): Promise<'ok' | 'typed' | 'untyped'> {
  try {
    await call();
    return 'ok';
  } catch (error) {
    return memstack.MemstackError.isInstance(error) && typeof error.code === 'string' ? 'typed' : 'untyped';
  }
}
