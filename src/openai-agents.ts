// memstack/openai-agents: a `Session` of the OpenAI Agents SDK (`@openai/agents`, an optional peer) kept by memstack.
// Types only from `@openai/agents`: importing this entry loads no part of the SDK.
export { MemstackSession, type MemstackSessionOptions } from './integrations/openai-agents/memstack-session.js';
