import { api } from './api.js';
import { ApiError } from './api-error.js';
import type { EditedFact, Fact } from './api-types.js';
import { isolate, truncate } from './clip.js';
import { confirmAction } from './confirm-action.js';
import { element } from './element.js';
import { count, formatDate } from './format.js';
import { keyTitle } from './key-text.js';
import { guarded, noticeAfterRoute } from './messages.js';
import { link, query } from './query.js';
import { rankView } from './rank-view.js';
import { route } from './router.js';

const FACT_SOURCES: Readonly<Record<string, string>> = {
  user: 'the user’s words',
  reply: 'a reply',
  api: 'the application',
};

/** A search's place for a fact: its index, and the first result's score, which its relevance is a share of. */
export interface FactRank {
  index: number;
  first: number | null | undefined;
}

/** One fact of a scope: its text (edited in place), use, provenance and history, with edit and delete. */
export function factRow(
  fact: Fact,
  scope: { agent: string; user: string },
  ranked: FactRank | null,
): HTMLTableRowElement {
  const live = fact.supersededBy === null;
  const text = element('bdi', { 'data-testid': 'fact-text' }, fact.text);
  const textCell = element('td', { class: 'cell-text' }, text);
  const edit = () => {
    const input = element('input', {
      value: fact.text,
      size: 60,
      'aria-label': 'fact text',
      'data-testid': 'fact-edit-input',
    });
    const problem = element('div', { class: 'error-text', hidden: true, 'data-testid': 'fact-edit-error' });
    const save = async () => {
      try {
        const edited = await api<EditedFact>('PATCH', `facts/${fact.id}${query(scope)}`, { text: input.value });
        noticeAfterRoute(edited.merged ? `Fact #${fact.id} merged into #${edited.id}.` : `Fact #${fact.id} saved.`);
        route();
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 400) throw error;
        problem.textContent = error.message;
        problem.hidden = false;
      }
    };
    textCell.replaceChildren(
      element(
        'form',
        {
          onsubmit: (event) => {
            event.preventDefault();
            guarded(save)();
          },
        },
        input,
        ' ',
        element('button', { type: 'submit', 'data-testid': 'fact-save' }, 'Save'),
        ' ',
        element('button', { type: 'button', onclick: () => textCell.replaceChildren(text) }, 'Cancel'),
        problem,
      ),
    );
    input.focus();
  };
  const remove = async () => {
    const confirmed = await confirmAction({
      title: `Delete fact #${fact.id}`,
      message: `Delete this fact: “${isolate(truncate(fact.text, 300))}”? It is no longer injected into any turn. It cannot be undone.`,
      action: 'Delete',
    });
    if (!confirmed) return;
    await api('DELETE', `facts/${fact.id}${query(scope)}`);
    noticeAfterRoute(`Fact #${fact.id} deleted.`);
    route();
  };
  const provenance =
    fact.sourceSessionKey === null
      ? fact.source === 'api'
        ? 'added by the application'
        : '–'
      : element(
          'a',
          {
            href: link('/session', { key: fact.sourceSessionKey, turn: fact.sourceTurnId }),
            title: keyTitle(fact.sourceSessionKey),
            'data-testid': 'fact-provenance',
          },
          fact.sourceTurnId === null ? 'its session' : `turn #${fact.sourceTurnId}`,
        );
  return element(
    'tr',
    { class: live ? null : 'superseded', 'data-testid': 'fact-row', 'data-fact-id': fact.id },
    element('td', { class: 'number' }, `#${fact.id}`),
    textCell,
    ranked ? element('td', { class: 'keep' }, rankView(ranked.index, fact.score, ranked.first, 'fact-rank')) : null,
    element('td', {}, FACT_SOURCES[fact.source] ?? fact.source),
    element('td', { class: 'number' }, count(fact.accessCount)),
    element('td', {}, formatDate(fact.lastUsedAt)),
    element('td', {}, formatDate(fact.createdAt)),
    element('td', { class: 'keep', 'data-testid': 'fact-superseded-by' }, live ? '–' : `#${fact.supersededBy}`),
    element('td', { class: 'keep' }, provenance),
    element(
      'td',
      { class: 'keep' },
      live ? element('button', { type: 'button', 'data-testid': 'fact-edit', onclick: edit }, 'Edit') : null,
      ' ',
      element(
        'button',
        { type: 'button', class: 'danger', 'data-testid': 'fact-delete', onclick: guarded(remove) },
        'Delete',
      ),
    ),
  );
}
