// memstack/server: the memory proxy (Hono on Node) for Anthropic and OpenAI clients. `memstack serve` runs it.
export { createMemoryProxy, type MemoryProxy, type MemoryProxyOptions } from './server/create-memory-proxy.js';
export {
  type RunningMemoryProxy,
  type StartMemoryProxyOptions,
  startMemoryProxy,
} from './server/start-memory-proxy.js';
