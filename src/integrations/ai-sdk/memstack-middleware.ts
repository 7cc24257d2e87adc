import type { LanguageModelV3CallOptions, LanguageModelV3Content, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import type { AnthropicBlock, DecoratedTurn, DecorateScope, MemoryStack } from '../../index.js';
import { convertToAnthropicMessages } from './convert-to-anthropic-messages.js';
import { type AiSdkUsage, mapAiSdkUsage } from './map-ai-sdk-usage.js';
import { placeMemory } from './place-memory.js';

export interface MemstackMiddlewareOptions {
  stack: MemoryStack;
  /**
   * Whose memory a call uses: fixed, or read from the call (for example its `providerOptions.memstack`), so that one
   * wrapped model serves many users (under `ai` 7 the call is a V4 one, typed here as V3: its `providerOptions` and
   * `headers` are the same). Undefined: the call goes through without memory. A scope with a blank id (`''`,
   * or only invisible characters) is no identity: the call goes through without memory, and `onError` is told
   * (`INVALID_ARGUMENT`), as for any memory failure; it never falls back to the agent's own session.
   */
  scope: DecorateScope | ((params: LanguageModelV3CallOptions) => DecorateScope | undefined);
  /** Told of a memory failure (the call itself never fails because of memory). */
  onError?: ((error: unknown) => void) | undefined;
}

/**
 * The call options of either spec (LanguageModelV3 in `ai` 6, V4 in `ai` 7) as far as the middleware reads them. V4
 * adds prompt parts (`custom`, `reasoning-file`) and tags a file's data: the prompt is read through the V3 type, whose
 * parts memstack reads are the same in V4, and V4's own parts are skipped.
 */
interface CallOptions {
  prompt: readonly { role: string }[];
  tools?: readonly { type: string }[] | undefined;
}

/** A generate result of either spec: V4 adds content kinds, which memstack does not record. */
interface GenerateResult {
  content: readonly { type: string }[];
  usage: AiSdkUsage;
}

/** A stream result of either spec: V4 adds stream part kinds (`ping`, `custom`, ...), passed on untouched. */
interface StreamResult {
  stream: ReadableStream<{ type: string }>;
}

/**
 * The middleware, for `wrapLanguageModel` of `ai` 6 (a `LanguageModelV3Middleware`) and of `ai` 7 (which takes V3
 * middleware and calls it with V4 options and results). Each hook is generic over the call options and results it is
 * given and returns them in kind, so that one value has the type both majors expect.
 */
export interface MemstackMiddleware {
  readonly specificationVersion: 'v3';
  transformParams<Params extends CallOptions>(options: {
    type: 'generate' | 'stream';
    params: Params;
  }): Promise<Params>;
  wrapGenerate<Result extends GenerateResult>(options: {
    doGenerate: () => PromiseLike<Result>;
    params: CallOptions;
  }): Promise<Result>;
  wrapStream<Result extends StreamResult>(options: {
    doStream: () => PromiseLike<Result>;
    params: CallOptions;
  }): Promise<Result>;
}

/**
 * Memory for `wrapLanguageModel` (`ai` 6, LanguageModelV3; `ai` 7, LanguageModelV4): `transformParams` decorates the
 * caller's prompt (the pin at the system prompt's tail with an Anthropic cache breakpoint, the recap at the head of
 * the last user turn); `wrapGenerate` and `wrapStream` record the reply once the call ends. In a tool loop every step passes through
 * here: a step that calls tools is kept as a step, and the user turn is stored with the final answer and the usage
 * of every step (`stack.record`). A stream that fails or is cancelled records nothing.
 */
export function memstackMiddleware(options: MemstackMiddlewareOptions): MemstackMiddleware {
  const { stack } = options;
  const turns = new WeakMap<CallOptions, DecoratedTurn>();
  const report = (error: unknown): void => {
    try {
      options.onError?.(error);
    } catch {
      // An observer's bug must not fail the call.
    }
  };
  const record = async (params: CallOptions, reply: Reply): Promise<void> => {
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
    async transformParams({ params }) {
      try {
        // A V4 call read as V3 (see CallOptions).
        const call = params as unknown as LanguageModelV3CallOptions;
        const scope = typeof options.scope === 'function' ? options.scope(call) : options.scope;
        if (scope === undefined) return params;
        const converted = convertToAnthropicMessages(call.prompt);
        const tools = (call.tools ?? []).map((tool) =>
          'providerOptions' in tool ? { cache_control: tool.providerOptions?.anthropic?.cacheControl } : {},
        );
        const decorated = await stack.decorate({
          ...scope,
          system: converted.system,
          messages: converted.messages,
          tools,
        });
        const transformed = { ...params, prompt: placeMemory(call.prompt, converted, decorated) } as typeof params;
        turns.set(transformed, decorated);
        return transformed;
      } catch (error) {
        report(error);
        return params;
      }
    },
    async wrapGenerate({ doGenerate, params }) {
      const result = await doGenerate();
      await record(params, replyOf(result.content, result.usage));
      return result;
    },
    async wrapStream({ doStream, params }) {
      const result = await doStream();
      if (!turns.has(params)) return result;
      const texts = new Map<string, string>();
      const calls: AnthropicBlock[] = [];
      let usage: AiSdkUsage | undefined;
      let finished = false;
      let failed = false;
      // V4 parts read as V3: the kinds read here (text-delta, tool-call, error, finish) have one shape in both.
      const stream = (result.stream as ReadableStream<LanguageModelV3StreamPart>).pipeThrough(
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
      return { ...result, stream } as typeof result;
    },
  };
}

interface Reply {
  text: string;
  content: AnthropicBlock[];
  usage: AiSdkUsage | undefined;
}

function replyOf(content: GenerateResult['content'], usage: AiSdkUsage): Reply {
  const texts: string[] = [];
  const blocks: AnthropicBlock[] = [];
  // V4 content read as V3: the kinds read here (text, tool-call) have one shape in both.
  for (const part of content as readonly LanguageModelV3Content[]) {
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
