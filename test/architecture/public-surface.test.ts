import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const src = join(resolve(dirname(fileURLToPath(import.meta.url)), '../..'), 'src');

/** Every name an entry exports, values and types, as TypeScript resolves its re-exports. */
function exportedNames(entry: string): string[] {
  const file = join(src, entry);
  const program = ts.createProgram([file], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  const module = source && checker.getSymbolAtLocation(source);
  if (!module) throw new Error(`cannot read ${entry}`);
  return checker
    .getExportsOfModule(module)
    .map((symbol) => symbol.name)
    .sort();
}

// What an application uses, and nothing else (issue 23: at most about 80 names). A name added here is an API
// promise: add it on purpose. What a store implementer needs is in `memstack/store-kit`.
const ROOT = [
  'AnthropicBlock',
  'AnthropicConversation',
  'AnthropicMessage',
  'AnthropicTextBlock',
  'CacheMissReason',
  'ChatModel',
  'ChatOptions',
  'ChatRequest',
  'ChatResult',
  'ChatTurn',
  'CompletionModel',
  'CompletionRequest',
  'CompletionResult',
  'ConfigError',
  'ConfigErrorCode',
  'DEFAULT_LIMITS',
  'DecorateInput',
  'DecorateOpenaiInput',
  'DecorateScope',
  'DecoratedOpenaiTurn',
  'DecoratedTurn',
  'Embedder',
  'ExportRecord',
  'Extraction',
  'ExtractionInput',
  'Extractor',
  'Fact',
  'FactScope',
  'FactsApi',
  'ForgetReport',
  'ForgetScope',
  'InspectApi',
  'InspectedExchange',
  'InspectedSession',
  'InvalidInputCode',
  'InvalidInputError',
  'InvalidOutputError',
  'MemoryCandidate',
  'MemoryCheckName',
  'MemoryLimits',
  'MemoryPolicy',
  'MemoryStack',
  'MemoryStackOptions',
  'MemoryStats',
  'MemoryStore',
  'MemoryVerdict',
  'MemstackError',
  'MemstackEvent',
  'MemstackEventHandler',
  'ModelCallError',
  'ModelCallErrorCode',
  'OpenaiConversation',
  'OpenaiMessage',
  'PrepareInput',
  'PreparedTurn',
  'PromptLayout',
  'RankedFact',
  'RecordInput',
  'ScopeSummary',
  'SessionScope',
  'SessionSummary',
  'SessionView',
  'StoreError',
  'StoreErrorCode',
  'StoredFact',
  'SummaryInput',
  'Tokenizer',
  'Usage',
  'createMemoryStack',
  'defaultMemoryPolicy',
  'deriveSessionHandle',
  'fromAnthropicUsage',
  'fromOpenaiCompatibleUsage',
  'generationUuid',
  'heuristicExtractor',
  'isBlankId',
  'llmExtractor',
  'o200kTokenizer',
  'parseExportRecord',
  'trimTurn',
];

describe('the public surface', () => {
  it('exports from the root entry exactly the names an application uses', () => {
    expect(exportedNames('index.ts')).toEqual([...ROOT].sort());
    expect(ROOT.length).toBeLessThanOrEqual(80);
  });

  it("gives a store implementer every type of the port's parts in memstack/store-kit", () => {
    const kit = exportedNames('store-kit.ts');
    for (const name of [
      'MemoryStore',
      'SessionStore',
      'FactStore',
      'TurnSearch',
      'JobStore',
      'VectorStore',
      'StoreBrowser',
    ]) {
      expect(kit).toContain(name);
    }
    // The contract suite loads Vitest: it is an entry of its own, never a name of the kit a production store imports.
    expect(kit).not.toContain('runMemoryStoreContract');
    expect(exportedNames('store-kit/contract.ts')).toEqual(['ContractOptions', 'runMemoryStoreContract']);
  });
});
