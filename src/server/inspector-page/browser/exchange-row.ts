import type { Exchange } from './api-types.js';
import { cacheBadge } from './cache-badge.js';
import { idText, truncate } from './clip.js';
import { labelled } from './data-table.js';
import { element } from './element.js';
import { exchangeDetail } from './exchange-detail.js';
import { count, formatDate, percent } from './format.js';
import { rankView } from './rank-view.js';

/** The columns of the exchanges table. */
export const EXCHANGE_COLUMNS = ['Reply', 'At (UTC)', 'User', 'Reply', 'Facts injected (rank)', 'Tokens', 'Cache'];

function factsCell(exchange: Exchange): HTMLElement {
  const trace = exchange.trace;
  const first = trace?.facts[0]?.score;
  return element(
    'td',
    { class: 'facts-cell', 'data-testid': 'exchange-facts' },
    trace === null
      ? element('span', { class: 'muted' }, 'no trace')
      : trace.facts.length === 0
        ? element('span', { class: 'muted' }, 'none')
        : trace.facts.map((fact, index) =>
            element(
              'div',
              { 'data-testid': 'injected-fact', 'data-fact-id': fact.id },
              element('bdi', {}, truncate(fact.text, 100)),
              ' ',
              element('span', { class: 'muted' }, '(', rankView(index, fact.score, first, 'injected-rank'), ')'),
            ),
          ),
  );
}

/** One exchange of a session, a row that opens (click, Enter or Space) onto its detail. */
export function exchangeRow(exchange: Exchange): HTMLTableRowElement {
  const { trace, cache, user } = exchange;
  const row = labelled(
    EXCHANGE_COLUMNS,
    element(
      'tr',
      {
        class: 'exchange',
        tabindex: 0,
        'aria-expanded': 'false',
        'data-testid': 'exchange-row',
        'data-reply-id': exchange.reply.id,
        'data-user-id': user === null ? '' : user.id,
      },
      element('td', { class: 'number' }, `#${exchange.reply.id}`),
      element('td', { class: 'date' }, formatDate(exchange.reply.createdAt)),
      element(
        'td',
        { class: 'cell-text', 'data-testid': 'exchange-user' },
        user === null ? '–' : element('bdi', {}, truncate(user.text, 140)),
        user === null || user.userId === null ? null : element('div', { class: 'muted' }, idText(user.userId)),
      ),
      element(
        'td',
        { class: 'cell-text', 'data-testid': 'exchange-reply' },
        element('bdi', {}, truncate(exchange.reply.text, 140)),
      ),
      factsCell(exchange),
      element(
        'td',
        { class: 'number', 'data-testid': 'exchange-tokens' },
        trace === null ? '–' : count(trace.tokens.total),
        trace === null ? null : element('div', { class: 'muted' }, `memory ${percent(trace.tokens.memoryShare)}`),
      ),
      element(
        'td',
        { 'data-testid': 'exchange-cache' },
        cacheBadge(cache),
        element('div', { class: 'muted' }, `read ${count(cache.read)}, written ${count(cache.written)}`),
        cache.reason ? element('div', { class: 'muted', 'data-testid': 'cache-miss' }, cache.reason) : null,
      ),
    ),
  );
  let detail: HTMLTableRowElement | null = null;
  const toggle = () => {
    if (detail !== null) {
      detail.remove();
      detail = null;
    } else {
      detail = element(
        'tr',
        { class: 'detail', 'data-testid': 'exchange-detail' },
        element('td', { colspan: 7 }, exchangeDetail(exchange)),
      );
      row.after(detail);
    }
    row.classList.toggle('open', detail !== null);
    row.setAttribute('aria-expanded', String(detail !== null));
  };
  row.addEventListener('click', toggle);
  row.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      toggle();
    }
  });
  return row;
}
