import type {
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3Middleware,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import type { AnthropicBlock, DecoratedTurn, DecorateScope, MemoryStack } from '../../index.js';
import { convertToAnthropicMessages } from './convert-to-anthropic-messages.js';
import { mapAiSdkUsage } from './map-ai-sdk-usage.js';
import { placeMemory } from './place-memory.js';

export interface MemstackMiddlewareOptions {
  stack: MemoryStack;
  /**
   * Whose memory a call uses: fixed, or read from the call (for example its `providerOptions.memstack`), so that one
   * wrapped model serves many users. Undefined: the call goes through without memory. A scope with a blank id (`''`,
   * or only invisible characters) is no identity: the call goes through without memory, and `onError` is told
   * (`INVALID_ARGUMENT`), as for any memory failure; it never falls back to the agent's own session.
   */
  scope: DecorateScope | ((params: LanguageModelV3CallOptions) => DecorateScope | undefined);
  /** Told of a memory failure (the call itself never fails because of memory). */
  onError?: ((error: unknown) => void) | undefined;
}

/**
 * Memory for `wrapLanguageModel` (`ai` 6, LanguageModelV3): `transformParams` decorates the caller's prompt (the pin
 * at the system prompt's tail with an Anthropic cache breakpoint, the recap at the head of the last user turn);
 * `wrapGenerate` and `wrapStream` record the reply once the call ends. In a tool loop every step passes through
 * here: a step that calls tools is kept as a step, and the user turn is stored with the final answer and the usage
 * of every step (`stack.record`). A stream that fails or is cancelled records nothing.
 */
export function memstackMiddleware(options: MemstackMiddlewareOptions): LanguageModelV3Middleware {
  const { stack } = options;
  const turns = new WeakMap<LanguageModelV3CallOptions, DecoratedTurn>();
  const report = (error: unknown): void => {
    try {
      options.onError?.(error);
    } catch {
      // An observer's bug must not fail the call.
    }
  };
  const record = async (params: LanguageModelV3CallOptions, reply: Reply): Promise<void> => {
    const decorated = turns.get(params);
    if (decorated === undefined) return;
    turns.delete(params);
    try {
      await stack.record(decorated, { text: reply.text, content: reply.content, usage: mapAiSdkUsage(reply.usage) });
    } catch (error) {
      report(error);
    }
  };

  return {
    specificationVersion: 'v3',
    transformParams: async ({ params }) => {
      try {
        const scope = typeof options.scope === 'function' ? options.scope(params) : options.scope;
        if (scope === undefined) return params;
        const converted = convertToAnthropicMessages(params.prompt);
        const tools = (params.tools ?? []).map((tool) =>
          'providerOptions' in tool ? { cache_control: tool.providerOptions?.anthropic?.cacheControl } : {},
        );
        const decorated = await stack.decorate({
          ...scope,
          system: converted.system,
          messages: converted.messages,
          tools,
        });
        const transformed = { ...params, prompt: placeMemory(params.prompt, converted, decorated) };
        turns.set(transformed, decorated);
        return transformed;
      } catch (error) {
        report(error);
        return params;
      }
    },
    wrapGenerate: async ({ doGenerate, params }) => {
      const result = await doGenerate();
      await record(params, replyOf(result.content, result.usage));
      return result;
    },
    wrapStream: async ({ doStream, params }) => {
      const result = await doStream();
      if (!turns.has(params)) return result;
      const texts = new Map<string, string>();
      const calls: AnthropicBlock[] = [];
      let usage: LanguageModelV3Usage | undefined;
      let finished = false;
      let failed = false;
      const stream = result.stream.pipeThrough(
        new TransformStream<LanguageModelV3StreamPart, LanguageModelV3StreamPart>({
          transform(part, controller) {
            if (part.type === 'text-delta') texts.set(part.id, (texts.get(part.id) ?? '') + part.delta);
            else if (part.type === 'tool-call' && part.providerExecuted !== true) calls.push(toolUse(part));
            else if (part.type === 'error') failed = true;
            else if (part.type === 'finish') {
              finished = true;
              usage = part.usage;
            }
            controller.enqueue(part);
          },
          // Only a stream that ran to its finish is recorded: a cancelled one never reaches here, a failed one says so.
          async flush() {
            if (!finished || failed) {
              turns.delete(params);
              return;
            }
            const text = [...texts.values()].filter((value) => value !== '').join('\n\n');
            await record(params, { text, content: [{ type: 'text', text }, ...calls], usage });
          },
        }),
      );
      return { ...result, stream };
    },
  };
}

interface Reply {
  text: string;
  content: AnthropicBlock[];
  usage: LanguageModelV3Usage | undefined;
}

function replyOf(content: readonly LanguageModelV3Content[], usage: LanguageModelV3Usage): Reply {
  const texts: string[] = [];
  const blocks: AnthropicBlock[] = [];
  for (const part of content) {
    if (part.type === 'text' && part.text !== '') {
      texts.push(part.text);
      blocks.push({ type: 'text', text: part.text });
    } else if (part.type === 'tool-call' && part.providerExecuted !== true) blocks.push(toolUse(part));
  }
  return { text: texts.join('\n\n'), content: blocks, usage };
}

function toolUse(part: { toolCallId: string; toolName: string; input: string }): AnthropicBlock {
  return { type: 'tool_use', id: part.toolCallId, name: part.toolName, input: part.input };
}
