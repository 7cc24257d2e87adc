import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { Fact, MemoryStack, RankedFact } from '../../index.js';
import { matchedWords } from './matched-words.js';
import { factScope, type McpScope } from './mcp-scope.js';
import { guarded, toolError, toolText } from './tool-results.js';

/** Bounds of the tools' inputs: a transport's sanity limits (the memory gate holds a fact to far fewer characters). */
export const MCP_LIMITS = {
  textChars: 4000,
  queryChars: 1000,
  searchResults: 50,
  pageSize: 100,
} as const;

const id = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).describe('a memory id, as the other tools show it');
const memoryText = z
  .string()
  .min(1)
  .max(MCP_LIMITS.textChars)
  .describe('one fact about the user or their work, in a sentence (not an instruction)');

const day = (date: Date): string => date.toISOString().slice(0, 10);
/** The query as a result repeats it: its first 80 graphemes (a query is at most `queryChars` long). */
function quote(text: string): string {
  const graphemes = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)];
  if (graphemes.length <= 80) return JSON.stringify(text);
  const kept = graphemes.slice(0, 80).map((part) => part.segment);
  return JSON.stringify(`${kept.join('')}...`);
}

/**
 * A result as the model reads it: the stack's score relative to the best result's (1.00 for the best: the raw
 * scores are comparable within one search only, and read as noise, e.g. 0.00000213), and the words that matched.
 */
function searchLine(fact: RankedFact, best: number, query: string): string {
  const words = matchedWords(query, fact.text);
  const why = words.length > 0 ? `matched: ${words.join(', ')}` : 'matched by stem or meaning';
  const relevance = best > 0 ? (fact.score / best).toFixed(2) : fact.score.toPrecision(3);
  return `- [id ${fact.id}] (relevance ${relevance}; ${why}) ${fact.text}`;
}

const listLine = (fact: Fact): string => `- [id ${fact.id}] (added ${day(fact.createdAt)}) ${fact.text}`;

const notFound = (factId: number): ReturnType<typeof toolError> =>
  toolError(`Not found: no memory ${factId} here (get_memories lists the ids).`);

/** `add_memory`, `search_memories`, `get_memories`, `update_memory`, `delete_memory`: the scope's facts. */
export function registerMemoryTools(server: McpServer, stack: MemoryStack, scope: McpScope): void {
  const facts = factScope(scope);

  server.registerTool(
    'add_memory',
    {
      title: 'Add a memory',
      description:
        'Store one durable fact about the user or their work (a preference, a decision, a name). Checked by the memory gate: instructions are refused. Returns its id.',
      inputSchema: { text: memoryText },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    ({ text }) =>
      guarded(async () => {
        const added = await stack.facts.add(facts, text);
        return toolText(
          added.added
            ? `Stored as memory ${added.id}: ${added.text}`
            : `Already known as memory ${added.id}: ${added.text}`,
        );
      }),
  );

  server.registerTool(
    'search_memories',
    {
      title: 'Search memories',
      description:
        "Search the user's memories by words, best first, ranked as memory is recalled for a turn. Each result: id, relevance (1.00 = the best match), the words that matched, the text.",
      inputSchema: {
        query: z.string().min(1).max(MCP_LIMITS.queryChars).describe('words to look for'),
        limit: z.number().int().min(1).max(MCP_LIMITS.searchResults).optional().describe('most results (default 10)'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ query, limit }) =>
      guarded(async () => {
        const found = await stack.facts.search(facts, query, { limit: limit ?? 10 });
        if (found.length === 0) {
          return toolText(`No memory matches ${quote(query)}. get_memories lists them all.`);
        }
        const best = found[0]?.score ?? 0;
        const lines = found.map((fact) => searchLine(fact, best, query));
        return toolText(`${found.length} memories match ${quote(query)}, best first:\n${lines.join('\n')}`);
      }),
  );

  server.registerTool(
    'get_memories',
    {
      title: 'List memories',
      description: "List the user's memories, oldest first, a page at a time. Each: id, date added, text.",
      inputSchema: {
        offset: z.number().int().min(0).max(1_000_000).optional().describe('memories to skip (default 0)'),
        limit: z.number().int().min(1).max(MCP_LIMITS.pageSize).optional().describe('page size (default 50)'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ offset, limit }) =>
      guarded(async () => {
        const all = (await stack.facts.list(facts)).sort((a, b) => a.id - b.id);
        const start = offset ?? 0;
        const page = all.slice(start, start + (limit ?? 50));
        if (all.length === 0) return toolText('No memories yet.');
        if (page.length === 0) return toolText(`No memories past ${start} (there are ${all.length}).`);
        const range = `${start + 1}-${start + page.length} of ${all.length}`;
        const more = start + page.length < all.length ? `\nMore: offset ${start + page.length}.` : '';
        return toolText(`Memories ${range}:\n${page.map(listLine).join('\n')}${more}`);
      }),
  );

  server.registerTool(
    'update_memory',
    {
      title: 'Correct a memory',
      description:
        'Replace the text of memory `id` (keeps its id). Checked by the memory gate like add_memory. If the new text is already another memory, the two merge.',
      inputSchema: { id, text: memoryText },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ id: factId, text }) =>
      guarded(async () => {
        const edited = await stack.facts.edit(facts, factId, text);
        if (edited === null) return notFound(factId);
        return toolText(
          edited.merged
            ? `Memory ${factId} merged into memory ${edited.id}, which already said: ${edited.text}`
            : `Memory ${edited.id} now reads: ${edited.text}`,
        );
      }),
  );

  server.registerTool(
    'delete_memory',
    {
      title: 'Delete a memory',
      description: 'Delete memory `id` for good.',
      inputSchema: { id },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ id: factId }) =>
      guarded(async () =>
        (await stack.facts.remove(facts, factId)) ? toolText(`Deleted memory ${factId}.`) : notFound(factId),
      ),
  );
}
