/** The page script's sessions list: filtered by agent and user, most recently active first, a page at a time. */
export const SCRIPT_SESSIONS = `
const SESSION_COLUMNS = ['Session', 'Agent', 'Channel', 'Thread', 'First user', 'Turns', 'Task', 'Updated (UTC)'];

views['/sessions'] = async (root, parameters) => {
  const agent = parameters.get('agent') || '';
  const user = parameters.get('user') || '';
  const agentInput = h('input', { name: 'agent', value: agent, placeholder: 'agent', 'data-testid': 'filter-agent' });
  const userInput = h('input', { name: 'user', value: user, placeholder: 'user', 'data-testid': 'filter-user' });
  const filter = h(
    'form',
    {
      class: 'toolbar',
      onsubmit: (event) => {
        event.preventDefault();
        location.hash = link('/sessions', { agent: agentInput.value.trim(), user: userInput.value.trim() });
      },
    },
    h('label', {}, 'Agent ', agentInput),
    h('label', {}, 'User ', userInput),
    h('button', { type: 'submit', 'data-testid': 'filter-apply' }, 'Filter'),
    agent || user ? h('a', { href: link('/sessions') }, 'clear') : null,
  );
  const rows = h('tbody', { 'data-testid': 'sessions' });
  const more = h('button', { type: 'button', hidden: true, 'data-testid': 'sessions-more' }, 'Load more');
  const empty = h('p', { class: 'muted', hidden: true }, 'No session.');
  append(root, [h('h2', {}, 'Sessions'), filter, dataTable({ 'data-testid': 'sessions-table' }, SESSION_COLUMNS, rows), empty, more]);
  let next = null;
  const load = async () => {
    more.disabled = true;
    const page = await api('GET', 'sessions' + query({ agent, user, afterAt: next && next.afterAt, afterKey: next && next.afterKey }));
    for (const session of page.sessions) {
      rows.append(
        labelled(
          SESSION_COLUMNS,
          h(
            'tr',
            { 'data-testid': 'session-row', 'data-key': session.key },
            h('td', {}, h('a', { href: link('/session', { key: session.key }), 'data-testid': 'session-link' }, keyText(session.key))),
            h('td', {}, idText(session.agentId)),
            h('td', {}, idText(session.channelId)),
            h('td', {}, idText(session.threadId)),
            h('td', {}, idText(session.firstUserId), session.shared ? [' ', h('span', { class: 'badge' }, 'shared')] : null),
            h('td', { class: 'number' }, count(session.turns)),
            h('td', { class: 'cell-text' }, session.task === null ? '–' : clip(session.task, 160)),
            h('td', { class: 'date' }, formatDate(session.updatedAt)),
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
};
`;
