import { api } from './api.js';
import type { SessionsPage } from './api-types.js';
import { clip, idText } from './clip.js';
import { dataTable, labelled } from './data-table.js';
import { append, element } from './element.js';
import { count, formatDate } from './format.js';
import { keyText } from './key-text.js';
import { guarded } from './messages.js';
import { link, query } from './query.js';

const SESSION_COLUMNS = ['Session', 'Agent', 'Channel', 'Thread', 'First user', 'Turns', 'Task', 'Updated (UTC)'];

/** The sessions list: filtered by agent and user, most recently active first, a page at a time. */
export async function sessionsView(root: HTMLElement, parameters: URLSearchParams): Promise<void> {
  const agent = parameters.get('agent') ?? '';
  const user = parameters.get('user') ?? '';
  const agentInput = element('input', {
    name: 'agent',
    value: agent,
    placeholder: 'agent',
    'data-testid': 'filter-agent',
  });
  const userInput = element('input', { name: 'user', value: user, placeholder: 'user', 'data-testid': 'filter-user' });
  const filter = element(
    'form',
    {
      class: 'toolbar',
      onsubmit: (event) => {
        event.preventDefault();
        location.hash = link('/sessions', { agent: agentInput.value.trim(), user: userInput.value.trim() });
      },
    },
    element('label', {}, 'Agent ', agentInput),
    element('label', {}, 'User ', userInput),
    element('button', { type: 'submit', 'data-testid': 'filter-apply' }, 'Filter'),
    agent || user ? element('a', { href: link('/sessions') }, 'clear') : null,
  );
  const rows = element('tbody', { 'data-testid': 'sessions' });
  const more = element('button', { type: 'button', hidden: true, 'data-testid': 'sessions-more' }, 'Load more');
  const empty = element('p', { class: 'muted', hidden: true }, 'No session.');
  append(root, [
    element('h2', {}, 'Sessions'),
    filter,
    dataTable({ 'data-testid': 'sessions-table' }, SESSION_COLUMNS, rows),
    empty,
    more,
  ]);
  let next: SessionsPage['next'] = null;
  const load = async () => {
    more.disabled = true;
    const page = await api<SessionsPage>(
      'GET',
      `sessions${query({ agent, user, afterAt: next?.afterAt, afterKey: next?.afterKey })}`,
    );
    for (const session of page.sessions) {
      rows.append(
        labelled(
          SESSION_COLUMNS,
          element(
            'tr',
            { 'data-testid': 'session-row', 'data-key': session.key },
            element(
              'td',
              {},
              element(
                'a',
                { href: link('/session', { key: session.key }), 'data-testid': 'session-link' },
                keyText(session.key),
              ),
            ),
            element('td', {}, idText(session.agentId)),
            element('td', {}, idText(session.channelId)),
            element('td', {}, idText(session.threadId)),
            element(
              'td',
              {},
              idText(session.firstUserId),
              session.shared ? [' ', element('span', { class: 'badge' }, 'shared')] : null,
            ),
            element('td', { class: 'number' }, count(session.turns)),
            element('td', { class: 'cell-text' }, session.task === null ? '–' : clip(session.task, 160)),
            element('td', { class: 'date' }, formatDate(session.updatedAt)),
          ),
        ),
      );
    }
    next = page.next;
    more.hidden = next === null;
    more.disabled = false;
    empty.hidden = rows.childElementCount > 0;
  };
  more.addEventListener('click', guarded(load));
  await load();
}
