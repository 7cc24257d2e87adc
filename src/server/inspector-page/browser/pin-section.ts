import type { Pin, SessionDetail } from './api-types.js';
import { idText } from './clip.js';
import { append, type Child, element } from './element.js';
import { formatDate } from './format.js';
import { link } from './query.js';

/**
 * Where the pinned task came from: a user's message (with a link to that turn, when it is known), or set by hand
 * (stack.setPin, memstack pin set), which has no source turn; and when, where it was recorded.
 */
function pinSource(session: SessionDetail, pin: Pin): Child[] {
  const when = typeof pin.taskAt === 'number' ? `, ${formatDate(pin.taskAt)} UTC` : '';
  if (pin.taskSource === 'api') return ['set by hand (stack.setPin or memstack pin set)', when];
  const source = session.taskSourceTurnId;
  return [
    'from ',
    pin.taskUserId === null ? 'a turn without a user' : idText(pin.taskUserId),
    source === null
      ? ''
      : [
          ', ',
          element(
            'a',
            { href: link('/session', { key: session.key, turn: source }), 'data-testid': 'pin-source-turn' },
            `turn #${source}`,
          ),
        ],
    when,
  ];
}

/** The pinned task as it grew: the task and its source, each clarification with who gave it and when. */
export function pinSection(session: SessionDetail): HTMLElement {
  const section = element('section', { class: 'pin', 'data-testid': 'pin' }, element('h3', {}, 'Pinned task'));
  const pin = session.pin;
  if (pin === null) {
    return append(section, [
      element('p', { class: 'muted' }, `Nothing pinned (${session.pinAttempts} extraction attempt(s) so far).`),
    ]);
  }
  return append(section, [
    element('div', { 'data-testid': 'pin-task' }, element('strong', {}, 'Task: '), pin.task),
    element('div', { class: 'muted', 'data-testid': 'pin-source' }, pinSource(session, pin)),
    pin.clarifications.length === 0
      ? element('p', { class: 'muted' }, 'No clarification yet.')
      : element(
          'ol',
          { 'data-testid': 'clarifications' },
          pin.clarifications.map((clarification) =>
            element(
              'li',
              { 'data-testid': 'clarification' },
              element('bdi', {}, clarification.text),
              element(
                'span',
                { class: 'muted' },
                ' (',
                clarification.userId === null ? 'no user' : idText(clarification.userId),
                `, ${clarification.at === undefined ? 'time not kept' : `${formatDate(clarification.at)} UTC`})`,
              ),
            ),
          ),
        ),
    element(
      'details',
      {},
      element('summary', {}, 'As the model reads it'),
      element('pre', { 'data-testid': 'pinned' }, session.pinned),
    ),
  ]);
}
