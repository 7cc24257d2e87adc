import type { SessionView } from '../index.js';
import type { CliModel } from './resolve-model.js';
import type { ChatScope } from './run-chat-command.js';

/** The first lines of `memstack chat`: the model, where the memory is, whose session, and whether it goes on. */
export function formatChatBanner(options: {
  model: CliModel;
  /** A path, or `:memory:`. */
  database: string;
  scope: ChatScope;
  /** The session as it stood before the first turn. */
  session: SessionView;
}): string {
  const { model, database, scope, session } = options;
  const where = [
    `database: ${database === ':memory:' ? ':memory: (nothing is kept)' : database}`,
    `agent: ${scope.agentId}`,
    `user: ${scope.userId}`,
    scope.threadId === undefined ? 'private session (no --thread)' : `thread: ${scope.threadId}`,
  ];
  // The session's turns since its summary; the summary stands for the older ones.
  const count = session.turns.length;
  const earlier = [
    ...(count > 0 ? [`${count} earlier ${count === 1 ? 'turn' : 'turns'}`] : []),
    ...(session.summary === null ? [] : ['a summary of older ones']),
  ];
  const resumed = earlier.length > 0 ? `resumed: ${earlier.join(' and ')}` : 'new session';
  return [
    `memstack chat · ${model.provider}:${model.modelId} · /help lists the commands`,
    where.join(' · '),
    resumed,
    '',
  ].join('\n');
}
