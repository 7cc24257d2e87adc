import { api } from './api.js';
import type { ForgetReport } from './api-types.js';
import { ID_SHOWN, isolate, truncate } from './clip.js';
import { confirmAction } from './confirm-action.js';
import { forgetReport } from './forget-report.js';
import { noticeAfterRoute } from './messages.js';
import { link } from './query.js';

/** Forgets a user with an agent, once their id is typed in the dialog; the page then goes back to the facts. */
export async function forgetUser(agent: string, user: string): Promise<void> {
  const confirmed = await confirmAction({
    title: `Forget user ${truncate(user, ID_SHOWN)}`,
    message:
      `This forgets everything of user ${isolate(user)} with agent ${isolate(agent)}: their facts, their turns and ` +
      'the replies to them, the parts of any pin they wrote, in every conversation. It cannot be undone.',
    expected: user,
    action: 'Forget',
  });
  if (!confirmed) return;
  const report = await api<ForgetReport>('POST', 'forget', { agentId: agent, userId: user });
  noticeAfterRoute(forgetReport(report));
  location.hash = link('/facts');
}
