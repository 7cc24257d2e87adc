// A terminal chat with memory through the Vercel AI SDK: `ANTHROPIC_API_KEY=... npx tsx examples/ai-sdk-chat.ts`.
// One wrapped model serves every user: the user comes with each call, in providerOptions.memstack.
import { createInterface } from 'node:readline/promises';
import { createAnthropic } from '@ai-sdk/anthropic';
import { type ModelMessage, streamText, wrapLanguageModel } from 'ai';
import { createMemoryStack } from 'memstack';
import { memstackMiddleware } from 'memstack/ai-sdk';
import { sqliteStore } from 'memstack/sqlite';

const stack = createMemoryStack({ store: sqliteStore({ path: 'memory.db' }) });
const model = wrapLanguageModel({
  model: createAnthropic()('claude-sonnet-4-5'),
  middleware: memstackMiddleware({
    stack,
    scope: (params) => {
      const user = params.providerOptions?.memstack?.userId;
      return typeof user === 'string' ? { agentId: 'ai-sdk-chat', userId: user } : undefined;
    },
  }),
});

const terminal = createInterface({ input: process.stdin, output: process.stdout });
const messages: ModelMessage[] = [];
for (;;) {
  const text = await terminal.question('> ');
  if (text === '' || text === '/quit') break;
  messages.push({ role: 'user', content: text });
  const result = streamText({
    model,
    system: 'You are a helpful assistant.',
    messages,
    providerOptions: { memstack: { userId: process.env.USER ?? 'me' } },
  });
  for await (const delta of result.textStream) process.stdout.write(delta);
  process.stdout.write('\n');
  messages.push(...(await result.response).messages);
}
terminal.close();
await stack.close();
