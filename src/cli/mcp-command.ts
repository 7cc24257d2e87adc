import type { Command } from 'commander';
import { addEmbedderOptions, type EmbedderFlags } from './embedder-options.js';
import { openTool } from './memory-commands.js';
import { parseId } from './parse-id.js';

interface McpFlags extends EmbedderFlags {
  db: string;
  schema?: string;
  agent: string;
  user: string;
  thread?: string;
}

/**
 * `memstack mcp`: the memory tools over stdio for one scope, as Claude Code or Claude Desktop start it. Stdout
 * carries the protocol and nothing else: anything to say goes to stderr. The SDK (an optional peer) is loaded here
 * only. Runs none of the database's jobs (they are the application's workers').
 */
export function registerMcpCommand(program: Command, version: string): void {
  addEmbedderOptions(
    program
      .command('mcp')
      .description("serve a user's memory as MCP tools over stdio (for Claude Code, Claude Desktop, Cursor, ...)")
      .requiredOption('--db <path-or-url>', 'the SQLite file (created if missing), or a postgres:// or libSQL URL')
      .option('--schema <name>', 'the Postgres schema (with a postgres:// --db)')
      .option('--agent <id>', 'agent id', parseId('--agent'), 'memstack-chat')
      .option('--user <id>', 'whose memory the tools serve', parseId('--user'), process.env.USER || 'me')
      .option('--thread <id>', 'the thread whose pinned task the tools read and set', parseId('--thread')),
  ).action(async (flags: McpFlags) => {
    const [{ createMemoryMcpServer }, { StdioServerTransport }] = await Promise.all([
      import('../mcp.js'),
      import('@modelcontextprotocol/sdk/server/stdio.js'),
    ]).catch((error: unknown) => {
      throw new Error(`memstack mcp needs @modelcontextprotocol/sdk installed: ${String(error)}`);
    });
    const stack = await openTool(flags, { create: true });
    const server = createMemoryMcpServer({
      stack,
      version,
      scope: {
        agentId: flags.agent,
        userId: flags.user,
        ...(flags.thread === undefined ? {} : { threadId: flags.thread }),
      },
    });
    let stopping = false;
    const stop = async (): Promise<void> => {
      if (stopping) return;
      stopping = true;
      await server.close().catch(() => undefined);
      await stack.close();
    };
    // The client closes stdin to stop the server (the MCP stdio convention), or sends a signal.
    server.server.onclose = () => void stop();
    process.stdin.once('end', () => void stop());
    process.once('SIGINT', () => void stop());
    process.once('SIGTERM', () => void stop());
    await server.connect(new StdioServerTransport());
    console.error(`memstack mcp: serving agent ${flags.agent}, user ${flags.user} over stdio`);
  });
}
