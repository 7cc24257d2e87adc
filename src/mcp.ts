// memstack/mcp: memory as MCP tools, on the official `@modelcontextprotocol/sdk` (an optional peer: only this entry
// and `memstack mcp` load it). `memstack mcp` serves them over stdio; `memstack serve` at `/mcp` (Streamable HTTP).
export {
  createMcpHttpHandler,
  type McpHttpHandler,
  type McpHttpHandlerOptions,
} from './integrations/mcp/create-mcp-http-handler.js';
export { createMemoryMcpServer, type MemoryMcpServerOptions } from './integrations/mcp/create-memory-mcp-server.js';
export type { McpScope } from './integrations/mcp/mcp-scope.js';
