import type { Exchange, TurnTrace } from './api-types.js';
import { CACHE_MISS, CACHE_USE, cacheBadge } from './cache-badge.js';
import { idText } from './clip.js';
import { dataTable, labelled } from './data-table.js';
import { append, type Child, element } from './element.js';
import { count, percent, pretty } from './format.js';
import { rankView } from './rank-view.js';
import { formatScore } from './rank-words.js';

const INJECTED_COLUMNS = ['Rank', 'Fact', 'Text', 'Raw score'];

function definitions(pairs: ReadonlyArray<readonly [string, Child]>): HTMLElement {
  return element(
    'dl',
    {},
    pairs.flatMap(([term, value]) => [element('dt', {}, term), element('dd', {}, value)]),
  );
}

/** How the exchange was built: the facts injected with their ranks, the turns recalled, the prompt's tokens. */
function traceSection(trace: TurnTrace): Child[] {
  const tokens = trace.tokens;
  const first = trace.facts[0]?.score;
  return [
    element(
      'h3',
      {},
      `Facts injected, ${
        trace.factsSource === 'relevance'
          ? 'ranked by relevance to the message'
          : 'the most recently used (the message had no searchable term)'
      }`,
    ),
    trace.facts.length === 0
      ? element('p', { class: 'muted' }, 'None.')
      : dataTable(
          { 'data-testid': 'detail-facts' },
          INJECTED_COLUMNS,
          element(
            'tbody',
            {},
            trace.facts.map((fact, index) =>
              labelled(
                INJECTED_COLUMNS,
                element(
                  'tr',
                  {},
                  element('td', {}, rankView(index, fact.score, first, 'detail-rank')),
                  element('td', { class: 'number' }, `#${fact.id}`),
                  element('td', { class: 'cell-text' }, element('bdi', {}, fact.text)),
                  element(
                    'td',
                    { class: 'number', 'data-testid': 'detail-score' },
                    typeof fact.score === 'number' ? formatScore(fact.score) : '–',
                  ),
                ),
              ),
            ),
          ),
        ),
    trace.recalled.length === 0
      ? null
      : element('p', {}, `Older turns recalled into the recap: ${trace.recalled.map((id) => `#${id}`).join(', ')}`),
    element('h3', {}, 'Tokens of the prompt'),
    definitions([
      ['system prompt', count(tokens.system)],
      ['pin', count(tokens.pin)],
      ['summary', count(tokens.summary)],
      ['recap', count(tokens.recap)],
      ['facts', count(tokens.facts)],
      ['recalled turns', count(tokens.recalled)],
      ['history', count(tokens.history)],
      ['message', count(tokens.message)],
      ['total', count(tokens.total)],
      ['memory share', percent(tokens.memoryShare)],
    ]),
  ];
}

/** An exchange opened: the message and reply whole, its trace, its usage and cache, and exactly what was sent. */
export function exchangeDetail(exchange: Exchange): HTMLElement {
  const { trace, cache, sent } = exchange;
  const usage = exchange.reply.usage;
  const box = element('div', {});
  append(box, [
    element('h3', {}, 'Message', exchange.user?.userId ? [' from ', idText(exchange.user.userId)] : null),
    element('pre', { 'data-testid': 'detail-user' }, exchange.user === null ? '' : exchange.user.text),
    element('h3', {}, 'Reply'),
    element('pre', { 'data-testid': 'detail-reply' }, exchange.reply.text),
  ]);
  append(
    box,
    trace === null
      ? element('p', { class: 'muted' }, 'No trace: recorded before memstack kept one.')
      : traceSection(trace),
  );
  append(box, [
    element('h3', {}, 'Usage and cache'),
    definitions([
      ['cache', [cacheBadge(cache), ` ${CACHE_USE[cache.use] ?? ''}`]],
      ['input (all)', count(cache.input)],
      ['read from the cache', `${count(cache.read)} (${percent(cache.readShare)})`],
      ['written to the cache', count(cache.written)],
      ['why it missed', cache.reason ? (CACHE_MISS[cache.reason] ?? cache.reason) : '–'],
      ['output', usage === null ? '–' : count(usage.outputTokens)],
      [
        'figures from',
        trace === null ? '–' : trace.usageSource === 'provider' ? 'the provider' : 'memstack’s estimate',
      ],
      ['model calls', trace === null ? '–' : String(trace.steps)],
      ['path', exchange.reply.path === null ? '–' : exchange.reply.path],
      [
        'breakpoints dropped',
        trace === null || trace.droppedBreakpoints.length === 0 ? 'none' : trace.droppedBreakpoints.join(', '),
      ],
    ]),
    element('h3', {}, 'Exactly what was sent'),
  ]);
  if (sent === null) {
    append(
      box,
      element(
        'p',
        { class: 'muted', 'data-testid': 'sent-missing' },
        'Not kept: recorded before requests were kept, or dropped by a forget in this session.',
      ),
    );
  } else {
    append(box, [
      element('p', { class: 'muted' }, `The ${sent.format} request: its system prompt, then the current turn.`),
      element('h4', {}, 'System prompt'),
      element('pre', { 'data-testid': 'sent-system' }, pretty(sent.system)),
      element(
        'p',
        { 'data-testid': 'sent-earlier' },
        `${sent.earlierMessages} earlier message${sent.earlierMessages === 1 ? '' : 's'}` +
          ' (not copied: the session’s own turns, or the caller’s transcript)',
      ),
      element('h4', {}, 'Current turn'),
      element('pre', { 'data-testid': 'sent-current' }, pretty(sent.current)),
    ]);
  }
  return box;
}
