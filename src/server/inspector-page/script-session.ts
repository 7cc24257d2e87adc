/**
 * The page script's session view: the pin as it grew, the summary, the chart of the whole session (one request for
 * every reply's figures), and the exchanges a page of 50 at a time, each opening onto exactly what was sent.
 */
export const SCRIPT_SESSION = `
const CACHE_USE = {
  hit: 'part of the prompt was read from the cache',
  cold: 'nothing read: the session’s first request, or the cache had expired since the one before',
  miss: 'nothing read although the cache was alive: something before the cache breakpoint changed',
  unknown: 'no usage figures',
};
const CACHE_MISS = {
  cold: 'cold: the session’s first request, or the cache had expired',
  'pin-changed': 'the pinned task in the cached system prompt changed',
  'summary-changed': 'the summary in the cached system prompt changed',
  'facts-changed': 'the key facts in the cached system prompt changed',
  'history-changed': 'the conversation before the cache breakpoint changed',
  'layout-changed': 'the system prompt, the layout or the breakpoints changed',
};
const EXCHANGES_PAGE = 50;
const INJECTED_COLUMNS = ['Rank', 'Fact', 'Text', 'Raw score'];
const EXCHANGE_COLUMNS = ['Reply', 'At (UTC)', 'User', 'Reply', 'Facts injected (rank)', 'Tokens', 'Cache'];

views['/session'] = async (root, parameters) => {
  const key = parameters.get('key') || '';
  const focus = /^[0-9]+$/.test(parameters.get('turn') || '') ? Number(parameters.get('turn')) : null;
  const session = await api('GET', 'session' + query({ key }));
  append(root, [
    h('h2', {}, keyText(session.key, { 'data-testid': 'session-key' })),
    h(
      'p',
      { class: 'muted', 'data-testid': 'session-ids' },
      'agent ',
      idText(session.agentId),
      session.channelId === null ? '' : [', channel ', idText(session.channelId)],
      session.threadId === null ? '' : [', thread ', idText(session.threadId)],
      session.firstUserId === null ? '' : [', first user ', idText(session.firstUserId)],
      session.shared ? ' (shared)' : '',
      ', started ' + formatDate(session.createdAt) + ', last active ' + formatDate(session.updatedAt) + ' UTC',
    ),
    forgetSessionButton(session),
    pinSection(session),
    session.summary === null
      ? null
      : [
          h('h3', {}, 'Summary (covers the turns up to #' + session.summaryThroughTurnId + ')'),
          h('pre', { 'data-testid': 'summary' }, session.summary),
        ],
  ]);
  const chartBox = h('section', { 'data-testid': 'chart-box' }, h('p', { class: 'muted' }, 'Loading the chart…'));
  append(root, [
    h('h3', {}, 'Memory share and cache reads per reply'),
    h(
      'p',
      { class: 'legend' },
      h('span', { class: 'memory' }, '━ memory share of the prompt'),
      h('span', { class: 'cache' }, '━ share of the input read from the cache'),
    ),
    chartBox,
  ]);
  const rows = h('tbody', {});
  const more = h('button', { type: 'button', hidden: true, 'data-testid': 'exchanges-more' }, 'Load more');
  append(root, [
    h('h3', {}, 'Exchanges'),
    focus === null
      ? null
      : h('p', {}, 'From turn #' + focus + ' on. ', h('a', { href: link('/session', { key: session.key }) }, 'From the first exchange')),
    dataTable({ 'data-testid': 'exchanges' }, EXCHANGE_COLUMNS, rows),
    more,
  ]);
  api('GET', 'figures' + query({ key: session.key }))
    .then((answer) => {
      chartBox.replaceChildren(
        answer.figures.length === 0 ? h('p', { class: 'muted' }, 'No reply yet.') : chart(answer.figures),
      );
    })
    .catch(showError);
  let after = focus === null ? null : focus - 1;
  const load = async () => {
    more.disabled = true;
    const page = await api('GET', 'exchanges' + query({ key: session.key, after, limit: EXCHANGES_PAGE }));
    for (const exchange of page.exchanges) rows.append(exchangeRow(exchange));
    after = page.next;
    more.hidden = page.next === null;
    more.disabled = false;
  };
  more.addEventListener('click', guarded(load));
  await load();
  if (focus !== null) {
    const row = rows.querySelector('tr[data-user-id="' + focus + '"]');
    if (row) {
      row.classList.add('highlight');
      row.click();
      row.scrollIntoView({ block: 'center' });
    }
  }
};

/**
 * stack.forget narrows by channel and thread but cannot name one private conversation: that one goes with its
 * user, and the dialog says so.
 */
function forgetSessionButton(session) {
  let scope;
  let expected;
  let message;
  let label;
  if (session.channelId !== null || session.threadId !== null) {
    scope = { agentId: session.agentId };
    if (session.channelId !== null) scope.channelId = session.channelId;
    if (session.threadId !== null) scope.threadId = session.threadId;
    expected = session.threadId !== null ? session.threadId : session.channelId;
    const where =
      session.channelId === null
        ? 'whose thread is ' + isolate(session.threadId) + ' (in any channel)'
        : session.threadId === null
          ? 'in channel ' + isolate(session.channelId) + ' (its threads included)'
          : 'in channel ' + isolate(session.channelId) + ', thread ' + isolate(session.threadId);
    message =
      'This forgets every conversation of agent ' + isolate(session.agentId) + ' ' + where +
      ': its turns, pin and summary, and the facts drawn from it. It cannot be undone.';
    label = 'Forget this conversation';
  } else if (session.firstUserId !== null) {
    scope = { agentId: session.agentId, userId: session.firstUserId };
    expected = session.firstUserId;
    message =
      'A private conversation is forgotten with its user: this forgets everything of user ' +
      isolate(session.firstUserId) + ' with agent ' + isolate(session.agentId) +
      ' (every conversation, turn, pin part and fact). It cannot be undone.';
    label = 'Forget this conversation and its user';
  } else {
    return h('p', { class: 'muted' }, 'The agent’s own conversation: forget it from code (stack.forget({ agentId })).');
  }
  return h(
    'p',
    {},
    h(
      'button',
      {
        type: 'button',
        class: 'danger',
        'data-testid': 'forget-session',
        onclick: guarded(async () => {
          const confirmed = await confirmAction({ title: label, message, expected, action: 'Forget' });
          if (!confirmed) return;
          const report = await api('POST', 'forget', scope);
          noticeAfterRoute(forgetReport(report));
          location.hash = link('/sessions', { agent: session.agentId });
        }),
      },
      label,
    ),
  );
}

function forgetReport(report) {
  return (
    'Forgotten: ' + report.sessions + ' session(s) deleted, ' + report.turns + ' turn(s), ' + report.facts +
    ' fact(s); ' + report.factsRewritten + ' other fact(s) rewritten without the forgotten words.'
  );
}

function pinSection(session) {
  const section = h('section', { class: 'pin', 'data-testid': 'pin' }, h('h3', {}, 'Pinned task'));
  const pin = session.pin;
  if (pin === null) {
    return append(section, [
      h('p', { class: 'muted' }, 'Nothing pinned (' + session.pinAttempts + ' extraction attempt(s) so far).'),
    ]);
  }
  return append(section, [
    h('div', { 'data-testid': 'pin-task' }, h('strong', {}, 'Task: '), pin.task),
    h('div', { class: 'muted', 'data-testid': 'pin-source' }, pinSource(session)),
    pin.clarifications.length === 0
      ? h('p', { class: 'muted' }, 'No clarification yet.')
      : h(
          'ol',
          { 'data-testid': 'clarifications' },
          pin.clarifications.map((clarification) =>
            h(
              'li',
              { 'data-testid': 'clarification' },
              h('bdi', {}, clarification.text),
              h(
                'span',
                { class: 'muted' },
                ' (',
                clarification.userId === null ? 'no user' : idText(clarification.userId),
                ', ' + (clarification.at === undefined ? 'time not kept' : formatDate(clarification.at) + ' UTC') + ')',
              ),
            ),
          ),
        ),
    h('details', {}, h('summary', {}, 'As the model reads it'), h('pre', { 'data-testid': 'pinned' }, session.pinned)),
  ]);
}

/**
 * Where the pinned task came from: a user's message (with a link to that turn, when it is known), or set by hand
 * (stack.setPin, memstack pin set), which has no source turn; and when, where it was recorded.
 */
function pinSource(session) {
  const pin = session.pin;
  const when = typeof pin.taskAt === 'number' ? ', ' + formatDate(pin.taskAt) + ' UTC' : '';
  if (pin.taskSource === 'api') return ['set by hand (stack.setPin or memstack pin set)', when];
  const source = session.taskSourceTurnId;
  return [
    'from ',
    pin.taskUserId === null ? 'a turn without a user' : idText(pin.taskUserId),
    source === null ? '' : [', ', h('a', { href: link('/session', { key: session.key, turn: source }), 'data-testid': 'pin-source-turn' }, 'turn #' + source)],
    when,
  ];
}

function cacheBadge(cache) {
  return h('span', { class: 'badge ' + cache.use, title: CACHE_USE[cache.use] || '', 'data-testid': 'cache-use' }, cache.use);
}

function exchangeRow(exchange) {
  const trace = exchange.trace;
  const cache = exchange.cache;
  const row = labelled(EXCHANGE_COLUMNS, h(
    'tr',
    {
      class: 'exchange',
      tabindex: 0,
      'aria-expanded': 'false',
      'data-testid': 'exchange-row',
      'data-reply-id': exchange.reply.id,
      'data-user-id': exchange.user === null ? '' : exchange.user.id,
    },
    h('td', { class: 'number' }, '#' + exchange.reply.id),
    h('td', { class: 'date' }, formatDate(exchange.reply.createdAt)),
    h(
      'td',
      { class: 'cell-text', 'data-testid': 'exchange-user' },
      exchange.user === null ? '–' : h('bdi', {}, truncate(exchange.user.text, 140)),
      exchange.user === null || exchange.user.userId === null ? null : h('div', { class: 'muted' }, idText(exchange.user.userId)),
    ),
    h('td', { class: 'cell-text', 'data-testid': 'exchange-reply' }, h('bdi', {}, truncate(exchange.reply.text, 140))),
    h(
      'td',
      { class: 'facts-cell', 'data-testid': 'exchange-facts' },
      trace === null
        ? h('span', { class: 'muted' }, 'no trace')
        : trace.facts.length === 0
          ? h('span', { class: 'muted' }, 'none')
          : trace.facts.map((fact, index) =>
              h(
                'div',
                { 'data-testid': 'injected-fact', 'data-fact-id': fact.id },
                h('bdi', {}, truncate(fact.text, 100)),
                ' ',
                h('span', { class: 'muted' }, '(', rankView(index, fact.score, trace.facts[0].score, 'injected-rank'), ')'),
              ),
            ),
    ),
    h(
      'td',
      { class: 'number', 'data-testid': 'exchange-tokens' },
      trace === null ? '–' : count(trace.tokens.total),
      trace === null ? null : h('div', { class: 'muted' }, 'memory ' + percent(trace.tokens.memoryShare)),
    ),
    h(
      'td',
      { 'data-testid': 'exchange-cache' },
      cacheBadge(cache),
      h('div', { class: 'muted' }, 'read ' + count(cache.read) + ', written ' + count(cache.written)),
      cache.reason ? h('div', { class: 'muted', 'data-testid': 'cache-miss' }, cache.reason) : null,
    ),
  ));
  let detail = null;
  const toggle = () => {
    if (detail !== null) {
      detail.remove();
      detail = null;
    } else {
      detail = h('tr', { class: 'detail', 'data-testid': 'exchange-detail' }, h('td', { colspan: 7 }, exchangeDetail(exchange)));
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

function definitions(pairs) {
  return h('dl', {}, pairs.flatMap(([term, value]) => [h('dt', {}, term), h('dd', {}, value)]));
}

function exchangeDetail(exchange) {
  const trace = exchange.trace;
  const usage = exchange.reply.usage;
  const cache = exchange.cache;
  const sent = exchange.sent;
  const box = h('div', {});
  append(box, [
    h('h3', {}, 'Message', exchange.user && exchange.user.userId ? [' from ', idText(exchange.user.userId)] : null),
    h('pre', { 'data-testid': 'detail-user' }, exchange.user === null ? '' : exchange.user.text),
    h('h3', {}, 'Reply'),
    h('pre', { 'data-testid': 'detail-reply' }, exchange.reply.text),
  ]);
  if (trace === null) {
    append(box, h('p', { class: 'muted' }, 'No trace: recorded before memstack kept one.'));
  } else {
    const tokens = trace.tokens;
    append(box, [
      h(
        'h3',
        {},
        'Facts injected, ' +
          (trace.factsSource === 'relevance'
            ? 'ranked by relevance to the message'
            : 'the most recently used (the message had no searchable term)'),
      ),
      trace.facts.length === 0
        ? h('p', { class: 'muted' }, 'None.')
        : dataTable(
            { 'data-testid': 'detail-facts' },
            INJECTED_COLUMNS,
            h(
              'tbody',
              {},
              trace.facts.map((fact, index) =>
                labelled(
                  INJECTED_COLUMNS,
                  h(
                    'tr',
                    {},
                    h('td', {}, rankView(index, fact.score, trace.facts[0].score, 'detail-rank')),
                    h('td', { class: 'number' }, '#' + fact.id),
                    h('td', { class: 'cell-text' }, h('bdi', {}, fact.text)),
                    h('td', { class: 'number', 'data-testid': 'detail-score' }, typeof fact.score === 'number' ? formatScore(fact.score) : '–'),
                  ),
                ),
              ),
            ),
          ),
      trace.recalled.length === 0
        ? null
        : h('p', {}, 'Older turns recalled into the recap: ' + trace.recalled.map((id) => '#' + id).join(', ')),
      h('h3', {}, 'Tokens of the prompt'),
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
    ]);
  }
  append(box, [
    h('h3', {}, 'Usage and cache'),
    definitions([
      ['cache', [cacheBadge(cache), ' ' + (CACHE_USE[cache.use] || '')]],
      ['input (all)', count(cache.input)],
      ['read from the cache', count(cache.read) + ' (' + percent(cache.readShare) + ')'],
      ['written to the cache', count(cache.written)],
      ['why it missed', cache.reason ? CACHE_MISS[cache.reason] || cache.reason : '–'],
      ['output', usage === null ? '–' : count(usage.outputTokens)],
      ['figures from', trace === null ? '–' : trace.usageSource === 'provider' ? 'the provider' : 'memstack’s estimate'],
      ['model calls', trace === null ? '–' : String(trace.steps)],
      ['path', exchange.reply.path === null ? '–' : exchange.reply.path],
      [
        'breakpoints dropped',
        trace === null || trace.droppedBreakpoints.length === 0 ? 'none' : trace.droppedBreakpoints.join(', '),
      ],
    ]),
    h('h3', {}, 'Exactly what was sent'),
  ]);
  if (sent === null) {
    append(
      box,
      h('p', { class: 'muted', 'data-testid': 'sent-missing' }, 'Not kept: recorded before requests were kept, or dropped by a forget in this session.'),
    );
  } else {
    append(box, [
      h('p', { class: 'muted' }, 'The ' + sent.format + ' request: its system prompt, then the current turn.'),
      h('h4', {}, 'System prompt'),
      h('pre', { 'data-testid': 'sent-system' }, pretty(sent.system)),
      h(
        'p',
        { 'data-testid': 'sent-earlier' },
        sent.earlierMessages + ' earlier message' + (sent.earlierMessages === 1 ? '' : 's') +
          ' (not copied: the session’s own turns, or the caller’s transcript)',
      ),
      h('h4', {}, 'Current turn'),
      h('pre', { 'data-testid': 'sent-current' }, pretty(sent.current)),
    ]);
  }
  return box;
}
`;
