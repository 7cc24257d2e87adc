import type { CompletionModel, CompletionRequest, CompletionResult } from '../spec/completion-model.js';
import { ModelCallError } from '../spec/errors/model-call-error.js';

export type ScriptedResponse =
  | string
  | CompletionResult
  | Error
  | ((request: CompletionRequest) => string | CompletionResult | Promise<string | CompletionResult>);

export interface ScriptedCompletionModel extends CompletionModel {
  /** Every request received, in order. */
  readonly calls: CompletionRequest[];
}

/**
 * A completion model for tests: answers with the scripted responses in order (an Error is thrown; a function is
 * called with the request). Running out of script is a `ModelCallError`, so a test notices an unexpected call.
 */
export function scriptedCompletionModel(
  responses: readonly ScriptedResponse[],
  options: { provider?: string; modelId?: string } = {},
): ScriptedCompletionModel {
  const calls: CompletionRequest[] = [];
  return {
    specificationVersion: 'v1',
    provider: options.provider ?? 'scripted',
    modelId: options.modelId ?? 'scripted-model',
    calls,
    async complete(request) {
      calls.push(request);
      const response = responses[calls.length - 1];
      if (response === undefined) {
        throw new ModelCallError('MODEL_CALL_FAILED', `the script has no response for call ${calls.length}`);
      }
      if (response instanceof Error) throw response;
      const value = typeof response === 'function' ? await response(request) : response;
      return typeof value === 'string' ? { text: value } : value;
    },
  };
}
