// memstack/ai-sdk: memory for the Vercel AI SDK (`ai` 6 and `ai` 7, `wrapLanguageModel`). Types only from
// `@ai-sdk/provider`: importing this entry loads no part of the AI SDK.
export { type AiSdkUsage, mapAiSdkUsage } from './integrations/ai-sdk/map-ai-sdk-usage.js';
export {
  type MemstackMiddleware,
  type MemstackMiddlewareOptions,
  memstackMiddleware,
} from './integrations/ai-sdk/memstack-middleware.js';
