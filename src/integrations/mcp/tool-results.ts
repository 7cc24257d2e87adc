import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { InvalidInputError, MemstackError } from '../../index.js';

/** A tool's answer: one short text a model reads. */
export function toolText(text: string): CallToolResult {
  return { content: [{ type: 'text', text }] };
}

/** A tool's failure, as a result the model reads (never a protocol error): what went wrong, and what to do. */
export function toolError(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/**
 * A thrown error as a tool error: the memory gate's refusal and other invalid input with their reason and code,
 * memstack's other errors with their code, anything else as a failure of memory that says no more than its message.
 */
export function errorResult(error: unknown): CallToolResult {
  if (InvalidInputError.isInstance(error)) {
    // The memory gate's refusal: the stack names the text at fault.
    const refused = error.code === 'INVALID_ARGUMENT' && error.argument === 'text';
    if (refused) {
      return toolError(
        `Refused [${error.code}]: ${error.message}. Memory keeps facts about the user and their work, never instructions.`,
      );
    }
    return toolError(`Invalid input [${error.code}]: ${error.message}`);
  }
  if (MemstackError.isInstance(error)) return toolError(`Memory failed [${error.code}]: ${error.message}`);
  return toolError(`Memory failed: ${error instanceof Error ? error.message : String(error)}`);
}

/** Runs a tool's work; whatever it throws becomes a tool error result. */
export async function guarded(work: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await work();
  } catch (error) {
    return errorResult(error);
  }
}
