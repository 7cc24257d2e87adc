import { api } from './api.js';
import type { FactsAnswer, Scope } from './api-types.js';
import { idText } from './clip.js';
import { dataTable, labelled } from './data-table.js';
import { append, element } from './element.js';
import { factRow } from './fact-row.js';
import { forgetUser } from './forget-user.js';
import { guarded, showError } from './messages.js';
import { link, query } from './query.js';

/** Rows rendered at first: a scope's facts come as one list (no paging), the rest on demand. */
const FACTS_SHOWN = 200;

/** The users that hold facts, in a column of links, the one shown marked. */
function scopesList(box: HTMLElement, agent: string, user: string): void {
  api<{ scopes: Scope[] }>('GET', 'scopes')
    .then((answer) => {
      box.replaceChildren(
        ...(answer.scopes.length === 0 ? [element('p', { class: 'muted' }, 'No facts yet.')] : []),
        ...answer.scopes.map((scope) =>
          element(
            'a',
            {
              href: link('/facts', { agent: scope.agentId, user: scope.userId }),
              class: scope.agentId === agent && (scope.userId ?? '') === user ? 'current' : null,
              'data-testid': 'scope-link',
              'data-agent': scope.agentId,
              'data-user': scope.userId === null ? '' : scope.userId,
            },
            scope.userId === null ? '(the agent itself)' : idText(scope.userId),
            element(
              'span',
              { class: 'muted' },
              ' · ',
              idText(scope.agentId),
              ` · ${scope.facts} live${scope.supersededFacts > 0 ? `, ${scope.supersededFacts} superseded` : ''}`,
            ),
          ),
        ),
      );
    })
    .catch(showError);
}

/**
 * The facts view: the users that hold facts, and one user's facts, live and superseded, with their use, provenance
 * and history; a search ranked as a turn ranks them; edit, delete, and forget the user.
 */
export async function factsView(root: HTMLElement, parameters: URLSearchParams): Promise<void> {
  const agent = parameters.get('agent') ?? '';
  const user = parameters.get('user') ?? '';
  const q = parameters.get('q') ?? '';
  const scopesBox = element(
    'nav',
    { class: 'scopes', 'data-testid': 'scopes' },
    element('p', { class: 'muted' }, 'Loading…'),
  );
  const content = element('section', { 'data-testid': 'facts-view' });
  append(root, [
    element('h2', {}, 'Facts'),
    element('div', { class: 'columns' }, element('div', {}, element('h3', {}, 'Who holds facts'), scopesBox), content),
  ]);
  scopesList(scopesBox, agent, user);
  if (agent === '') {
    content.append(element('p', { class: 'muted' }, 'Choose a user on the left.'));
    return;
  }
  const scope = { agent, user };
  const searchInput = element('input', {
    type: 'search',
    name: 'q',
    value: q,
    placeholder: 'search facts',
    'data-testid': 'fact-search',
  });
  append(content, [
    element(
      'h3',
      { 'data-testid': 'facts-scope' },
      user === ''
        ? ['The agent ', idText(agent), '’s own facts']
        : ['User ', idText(user), ' (agent ', idText(agent), ')'],
    ),
    element(
      'form',
      {
        class: 'toolbar',
        onsubmit: (event) => {
          event.preventDefault();
          location.hash = link('/facts', { agent, user, q: searchInput.value.trim() });
        },
      },
      searchInput,
      element('button', { type: 'submit', 'data-testid': 'fact-search-submit' }, 'Search'),
      q === '' ? null : element('a', { href: link('/facts', { agent, user }) }, 'all facts'),
      user === ''
        ? null
        : element(
            'button',
            {
              type: 'button',
              class: 'danger',
              'data-testid': 'forget-user',
              onclick: guarded(() => forgetUser(agent, user)),
            },
            'Forget this user',
          ),
    ),
  ]);
  const answer = await api<FactsAnswer>('GET', `facts${query({ agent, user, q })}`);
  const facts = answer.facts;
  if (facts.length === 0) {
    content.append(element('p', { class: 'muted' }, answer.searched ? 'No live fact matches.' : 'No fact.'));
    return;
  }
  const headings = ['Id', 'Fact', ...(answer.searched ? ['Rank'] : [])].concat([
    'Source',
    'Uses',
    'Last used',
    'Created',
    'Superseded by',
    'From',
    '',
  ]);
  const rows = element('tbody', {});
  // A search's rank and relevance are against its first result.
  const first = answer.searched ? facts[0]?.score : null;
  const show = (most: number) =>
    rows.replaceChildren(
      ...facts
        .slice(0, most)
        .map((fact, index) => labelled(headings, factRow(fact, scope, answer.searched ? { index, first } : null))),
    );
  show(FACTS_SHOWN);
  const showAll = element(
    'button',
    {
      type: 'button',
      'data-testid': 'facts-all',
      onclick: () => {
        show(facts.length);
        showAll.remove();
      },
    },
    `Show all ${facts.length} facts`,
  );
  append(content, [
    element(
      'p',
      { class: 'muted' },
      answer.searched
        ? `${facts.length} live fact(s) ranked for the search, best first.`
        : `${facts.length} fact(s), oldest first; superseded ones struck through.`,
    ),
    dataTable({ 'data-testid': 'facts' }, headings, rows),
    facts.length <= FACTS_SHOWN ? null : showAll,
  ]);
}
