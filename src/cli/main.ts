#!/usr/bin/env node
import { Command, InvalidArgumentError } from 'commander';
import { MemstackError, type PromptLayout } from '../index.js';
import { formatReplaySummary, formatReplayTurn } from './format-replay.js';
import { readConversation } from './read-conversation.js';
import { runReplay } from './run-replay.js';

const DEFAULT_SYSTEM_PROMPT = 'You are a helpful software engineering assistant.';

const program = new Command()
  .name('memstack')
  .description('Cheap, reliable memory for LLM agents: pinned task, recap and key facts on SQLite.')
  .showHelpAfterError();

program
  .command('replay')
  .description('replay a JSONL conversation through memstack (heuristic extractor) and show the memory each turn')
  .argument('<conversation>', 'a .jsonl file: one {"role":"user"|"assistant","text":...} per line')
  .option('--db <path>', 'SQLite file to use (default: in memory)', ':memory:')
  .option('--layout <layout>', "prompt layout: 'cache-aware' or 'seed'", parseLayout, 'cache-aware')
  .option('--system-prompt <text>', 'the agent system prompt', DEFAULT_SYSTEM_PROMPT)
  .option('--json', 'print one JSON object instead of the report')
  .action(
    async (
      conversation: string,
      options: { db: string; layout: PromptLayout; systemPrompt: string; json?: boolean },
    ) => {
      const lines = await readConversation(conversation);
      const result = await runReplay(lines, {
        db: options.db,
        layout: options.layout,
        systemPrompt: options.systemPrompt,
        ...(options.json ? {} : { onTurn: (turn) => console.log(`${formatReplayTurn(turn)}\n`) }),
      });
      console.log(options.json ? JSON.stringify(result) : formatReplaySummary(result));
    },
  );

function parseLayout(value: string): PromptLayout {
  if (value !== 'cache-aware' && value !== 'seed') throw new InvalidArgumentError("use 'cache-aware' or 'seed'");
  return value;
}

program.parseAsync(process.argv).catch((error: unknown) => {
  const message = MemstackError.isInstance(error) ? `${error.message} [${error.code}]` : String(error);
  console.error(`memstack: ${message}`);
  process.exitCode = 1;
});
