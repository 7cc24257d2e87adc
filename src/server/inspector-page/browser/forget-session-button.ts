import { api } from './api.js';
import type { ForgetReport, SessionDetail } from './api-types.js';
import { isolate } from './clip.js';
import { confirmAction } from './confirm-action.js';
import { element } from './element.js';
import { forgetReport } from './forget-report.js';
import { guarded, noticeAfterRoute } from './messages.js';
import { link } from './query.js';

interface ForgetScope {
  agentId: string;
  userId?: string;
  channelId?: string;
  threadId?: string;
}

/**
 * The session's forget button. stack.forget narrows by channel and thread but cannot name one private conversation:
 * that one goes with its user, and the dialog says so.
 */
export function forgetSessionButton(session: SessionDetail): HTMLElement {
  let scope: ForgetScope;
  let expected: string;
  let message: string;
  let label: string;
  const { agentId, channelId, threadId, firstUserId } = session;
  if (channelId !== null || threadId !== null) {
    scope = { agentId };
    if (channelId !== null) scope.channelId = channelId;
    if (threadId !== null) scope.threadId = threadId;
    expected = threadId ?? channelId ?? '';
    const where =
      channelId === null
        ? `whose thread is ${isolate(threadId)} (in any channel)`
        : threadId === null
          ? `in channel ${isolate(channelId)} (its threads included)`
          : `in channel ${isolate(channelId)}, thread ${isolate(threadId)}`;
    message =
      `This forgets every conversation of agent ${isolate(agentId)} ${where}` +
      ': its turns, pin and summary, and the facts drawn from it. It cannot be undone.';
    label = 'Forget this conversation';
  } else if (firstUserId !== null) {
    scope = { agentId, userId: firstUserId };
    expected = firstUserId;
    message =
      `A private conversation is forgotten with its user: this forgets everything of user ${isolate(firstUserId)} ` +
      `with agent ${isolate(agentId)} (every conversation, turn, pin part and fact). It cannot be undone.`;
    label = 'Forget this conversation and its user';
  } else {
    return element(
      'p',
      { class: 'muted' },
      'The agent’s own conversation: forget it from code (stack.forget({ agentId })).',
    );
  }
  return element(
    'p',
    {},
    element(
      'button',
      {
        type: 'button',
        class: 'danger',
        'data-testid': 'forget-session',
        onclick: guarded(async () => {
          const confirmed = await confirmAction({ title: label, message, expected, action: 'Forget' });
          if (!confirmed) return;
          const report = await api<ForgetReport>('POST', 'forget', scope);
          noticeAfterRoute(forgetReport(report));
          location.hash = link('/sessions', { agent: agentId });
        }),
      },
      label,
    ),
  );
}
