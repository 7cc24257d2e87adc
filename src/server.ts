// memstack/server: the memory proxy (Hono on Node) for Anthropic and OpenAI clients, and the inspector page.
// `memstack serve` runs the proxy (the inspector at /inspect/); `memstack inspect` runs the inspector alone.
export { createInspector, type InspectorOptions } from './server/create-inspector.js';
export {
  createMemoryProxy,
  type McpRoute,
  type MemoryProxy,
  type MemoryProxyOptions,
} from './server/create-memory-proxy.js';
export type { RunningServer } from './server/listen-on-node.js';
export {
  type RunningInspector,
  type StartInspectorOptions,
  startInspector,
} from './server/start-inspector.js';
export {
  type RunningMemoryProxy,
  type StartMemoryProxyOptions,
  startMemoryProxy,
} from './server/start-memory-proxy.js';
