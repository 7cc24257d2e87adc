/**
 * The page script's facts view: the users that hold facts, and one user's facts, live and superseded, with their
 * use, provenance and history; a search ranked as a turn ranks them; edit, delete, and forget the user.
 */
export const SCRIPT_FACTS = `
const FACTS_SHOWN = 200;
const FACT_SOURCES = { user: "the user’s words", reply: 'a reply', api: 'the application' };

views['/facts'] = async (root, parameters) => {
  const agent = parameters.get('agent') || '';
  const user = parameters.get('user') || '';
  const q = parameters.get('q') || '';
  const scopesBox = h('nav', { class: 'scopes', 'data-testid': 'scopes' }, h('p', { class: 'muted' }, 'Loading…'));
  const content = h('section', { 'data-testid': 'facts-view' });
  append(root, [
    h('h2', {}, 'Facts'),
    h('div', { class: 'columns' }, h('div', {}, h('h3', {}, 'Who holds facts'), scopesBox), content),
  ]);
  api('GET', 'scopes')
    .then((answer) => {
      scopesBox.replaceChildren(
        ...(answer.scopes.length === 0 ? [h('p', { class: 'muted' }, 'No facts yet.')] : []),
        ...answer.scopes.map((scope) =>
          h(
            'a',
            {
              href: link('/facts', { agent: scope.agentId, user: scope.userId }),
              class: scope.agentId === agent && (scope.userId || '') === user ? 'current' : null,
              'data-testid': 'scope-link',
              'data-agent': scope.agentId,
              'data-user': scope.userId === null ? '' : scope.userId,
            },
            scope.userId === null ? '(the agent itself)' : idText(scope.userId),
            h(
              'span',
              { class: 'muted' },
              ' · ',
              idText(scope.agentId),
              ' · ' + scope.facts + ' live' + (scope.supersededFacts > 0 ? ', ' + scope.supersededFacts + ' superseded' : ''),
            ),
          ),
        ),
      );
    })
    .catch(showError);
  if (agent === '') {
    content.append(h('p', { class: 'muted' }, 'Choose a user on the left.'));
    return;
  }
  const scope = { agent, user };
  const searchInput = h('input', { type: 'search', name: 'q', value: q, placeholder: 'search facts', 'data-testid': 'fact-search' });
  append(content, [
    h(
      'h3',
      { 'data-testid': 'facts-scope' },
      user === '' ? ['The agent ', idText(agent), '’s own facts'] : ['User ', idText(user), ' (agent ', idText(agent), ')'],
    ),
    h(
      'form',
      {
        class: 'toolbar',
        onsubmit: (event) => {
          event.preventDefault();
          location.hash = link('/facts', { agent, user, q: searchInput.value.trim() });
        },
      },
      searchInput,
      h('button', { type: 'submit', 'data-testid': 'fact-search-submit' }, 'Search'),
      q === '' ? null : h('a', { href: link('/facts', { agent, user }) }, 'all facts'),
      user === ''
        ? null
        : h('button', { type: 'button', class: 'danger', 'data-testid': 'forget-user', onclick: guarded(() => forgetUser(agent, user)) }, 'Forget this user'),
    ),
  ]);
  const answer = await api('GET', 'facts' + query({ agent, user, q }));
  const facts = answer.facts;
  if (facts.length === 0) {
    content.append(h('p', { class: 'muted' }, answer.searched ? 'No live fact matches.' : 'No fact.'));
    return;
  }
  const headings = ['Id', 'Fact']
    .concat(answer.searched ? ['Rank'] : [])
    .concat(['Source', 'Uses', 'Last used', 'Created', 'Superseded by', 'From', '']);
  const rows = h('tbody', {});
  // A search's rank and relevance are against its first result.
  const first = answer.searched ? facts[0].score : null;
  const show = (most) =>
    rows.replaceChildren(
      ...facts.slice(0, most).map((fact, index) => labelled(headings, factRow(fact, scope, answer.searched ? { index, first } : null))),
    );
  show(FACTS_SHOWN);
  append(content, [
    h('p', { class: 'muted' }, answer.searched
      ? facts.length + ' live fact(s) ranked for the search, best first.'
      : facts.length + ' fact(s), oldest first; superseded ones struck through.'),
    dataTable({ 'data-testid': 'facts' }, headings, rows),
    facts.length <= FACTS_SHOWN
      ? null
      : h('button', {
          type: 'button',
          'data-testid': 'facts-all',
          onclick: (event) => {
            show(facts.length);
            event.target.remove();
          },
        }, 'Show all ' + facts.length + ' facts'),
  ]);
};

function factRow(fact, scope, ranked) {
  const live = fact.supersededBy === null;
  const text = h('bdi', { 'data-testid': 'fact-text' }, fact.text);
  const textCell = h('td', { class: 'cell-text' }, text);
  const edit = () => {
    const input = h('input', { value: fact.text, size: 60, 'aria-label': 'fact text', 'data-testid': 'fact-edit-input' });
    const problem = h('div', { class: 'error-text', hidden: true, 'data-testid': 'fact-edit-error' });
    const save = async () => {
      try {
        const edited = await api('PATCH', 'facts/' + fact.id + query(scope), { text: input.value });
        noticeAfterRoute(edited.merged ? 'Fact #' + fact.id + ' merged into #' + edited.id + '.' : 'Fact #' + fact.id + ' saved.');
        route();
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 400) throw error;
        problem.textContent = error.message;
        problem.hidden = false;
      }
    };
    textCell.replaceChildren(
      h(
        'form',
        { onsubmit: (event) => { event.preventDefault(); guarded(save)(); } },
        input,
        ' ',
        h('button', { type: 'submit', 'data-testid': 'fact-save' }, 'Save'),
        ' ',
        h('button', { type: 'button', onclick: () => textCell.replaceChildren(text) }, 'Cancel'),
        problem,
      ),
    );
    input.focus();
  };
  const remove = async () => {
    const confirmed = await confirmAction({
      title: 'Delete fact #' + fact.id,
      message: 'Delete this fact: “' + isolate(truncate(fact.text, 300)) + '”? It is no longer injected into any turn. It cannot be undone.',
      action: 'Delete',
    });
    if (!confirmed) return;
    await api('DELETE', 'facts/' + fact.id + query(scope));
    noticeAfterRoute('Fact #' + fact.id + ' deleted.');
    route();
  };
  const provenance =
    fact.sourceSessionKey === null
      ? fact.source === 'api' ? 'added by the application' : '–'
      : h(
          'a',
          {
            href: link('/session', { key: fact.sourceSessionKey, turn: fact.sourceTurnId }),
            title: keyTitle(fact.sourceSessionKey),
            'data-testid': 'fact-provenance',
          },
          fact.sourceTurnId === null ? 'its session' : 'turn #' + fact.sourceTurnId,
        );
  return h(
    'tr',
    { class: live ? null : 'superseded', 'data-testid': 'fact-row', 'data-fact-id': fact.id },
    h('td', { class: 'number' }, '#' + fact.id),
    textCell,
    ranked ? h('td', { class: 'keep' }, rankView(ranked.index, fact.score, ranked.first, 'fact-rank')) : null,
    h('td', {}, FACT_SOURCES[fact.source] || fact.source),
    h('td', { class: 'number' }, count(fact.accessCount)),
    h('td', {}, formatDate(fact.lastUsedAt)),
    h('td', {}, formatDate(fact.createdAt)),
    h('td', { class: 'keep', 'data-testid': 'fact-superseded-by' }, live ? '–' : '#' + fact.supersededBy),
    h('td', { class: 'keep' }, provenance),
    h(
      'td',
      { class: 'keep' },
      live ? h('button', { type: 'button', 'data-testid': 'fact-edit', onclick: edit }, 'Edit') : null,
      ' ',
      h('button', { type: 'button', class: 'danger', 'data-testid': 'fact-delete', onclick: guarded(remove) }, 'Delete'),
    ),
  );
}

async function forgetUser(agent, user) {
  const confirmed = await confirmAction({
    title: 'Forget user ' + truncate(user, ID_SHOWN),
    message:
      'This forgets everything of user ' + isolate(user) + ' with agent ' + isolate(agent) + ': their facts, their turns and the ' +
      'replies to them, the parts of any pin they wrote, in every conversation. It cannot be undone.',
    expected: user,
    action: 'Forget',
  });
  if (!confirmed) return;
  const report = await api('POST', 'forget', { agentId: agent, userId: user });
  noticeAfterRoute(forgetReport(report));
  location.hash = link('/facts');
}
`;
