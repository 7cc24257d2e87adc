import { api } from './api.js';
import type { ExchangesPage, Figure, SessionDetail } from './api-types.js';
import { chart } from './chart.js';
import { idText } from './clip.js';
import { dataTable } from './data-table.js';
import { append, element } from './element.js';
import { EXCHANGE_COLUMNS, exchangeRow } from './exchange-row.js';
import { forgetSessionButton } from './forget-session-button.js';
import { formatDate } from './format.js';
import { keyText } from './key-text.js';
import { guarded, showError } from './messages.js';
import { pinSection } from './pin-section.js';
import { link, query } from './query.js';

const EXCHANGES_PAGE = 50;

/**
 * The session view: the pin as it grew, the summary, the chart of the whole session (one request for every reply's
 * figures), and the exchanges a page of 50 at a time, each opening onto exactly what was sent.
 */
export async function sessionView(root: HTMLElement, parameters: URLSearchParams): Promise<void> {
  const key = parameters.get('key') ?? '';
  const turn = parameters.get('turn') ?? '';
  const focus = /^[0-9]+$/.test(turn) ? Number(turn) : null;
  const session = await api<SessionDetail>('GET', `session${query({ key })}`);
  append(root, [
    element('h2', {}, keyText(session.key, { 'data-testid': 'session-key' })),
    element(
      'p',
      { class: 'muted', 'data-testid': 'session-ids' },
      'agent ',
      idText(session.agentId),
      session.channelId === null ? '' : [', channel ', idText(session.channelId)],
      session.threadId === null ? '' : [', thread ', idText(session.threadId)],
      session.firstUserId === null ? '' : [', first user ', idText(session.firstUserId)],
      session.shared ? ' (shared)' : '',
      `, started ${formatDate(session.createdAt)}, last active ${formatDate(session.updatedAt)} UTC`,
    ),
    forgetSessionButton(session),
    pinSection(session),
    session.summary === null
      ? null
      : [
          element('h3', {}, `Summary (covers the turns up to #${session.summaryThroughTurnId})`),
          element('pre', { 'data-testid': 'summary' }, session.summary),
        ],
  ]);
  const chartBox = element(
    'section',
    { 'data-testid': 'chart-box' },
    element('p', { class: 'muted' }, 'Loading the chart…'),
  );
  append(root, [
    element('h3', {}, 'Memory share and cache reads per reply'),
    element(
      'p',
      { class: 'legend' },
      element('span', { class: 'memory' }, '━ memory share of the prompt'),
      element('span', { class: 'cache' }, '━ share of the input read from the cache'),
    ),
    chartBox,
  ]);
  const rows = element('tbody', {});
  const more = element('button', { type: 'button', hidden: true, 'data-testid': 'exchanges-more' }, 'Load more');
  append(root, [
    element('h3', {}, 'Exchanges'),
    focus === null
      ? null
      : element(
          'p',
          {},
          `From turn #${focus} on. `,
          element('a', { href: link('/session', { key: session.key }) }, 'From the first exchange'),
        ),
    dataTable({ 'data-testid': 'exchanges' }, EXCHANGE_COLUMNS, rows),
    more,
  ]);
  api<{ figures: Figure[] }>('GET', `figures${query({ key: session.key })}`)
    .then((answer) => {
      chartBox.replaceChildren(
        answer.figures.length === 0 ? element('p', { class: 'muted' }, 'No reply yet.') : chart(answer.figures),
      );
    })
    .catch(showError);
  let after = focus === null ? null : focus - 1;
  const load = async () => {
    more.disabled = true;
    const page = await api<ExchangesPage>(
      'GET',
      `exchanges${query({ key: session.key, after, limit: EXCHANGES_PAGE })}`,
    );
    for (const exchange of page.exchanges) rows.append(exchangeRow(exchange));
    after = page.next;
    more.hidden = page.next === null;
    more.disabled = false;
  };
  more.addEventListener('click', guarded(load));
  await load();
  if (focus !== null) {
    const row = rows.querySelector<HTMLTableRowElement>(`tr[data-user-id="${focus}"]`);
    if (row) {
      row.classList.add('highlight');
      row.click();
      row.scrollIntoView({ block: 'center' });
    }
  }
}
