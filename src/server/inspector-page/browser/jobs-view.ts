import { api } from './api.js';
import { ApiError } from './api-error.js';
import type { Job } from './api-types.js';
import { dataTable, labelled } from './data-table.js';
import { append, element } from './element.js';
import { formatDate } from './format.js';
import { keyText } from './key-text.js';
import { link, query } from './query.js';

const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
type JobState = (typeof JOB_STATES)[number];

function isJobState(value: string | null): value is JobState {
  return (JOB_STATES as readonly (string | null)[]).includes(value);
}

function jobRow(job: Job, state: JobState, headings: readonly string[]): HTMLTableRowElement {
  const { kind, sessionKey, userTurnId, throughTurnId } = job.job;
  const extract = kind === 'extract' && sessionKey !== undefined;
  return labelled(
    headings,
    element(
      'tr',
      { 'data-testid': 'job-row' },
      // A row number (the SQL stores) reads as #12; a longer id (a UUID) by its first characters, whole on hover.
      element('td', { class: 'number', title: job.id }, /^[0-9]+$/.test(job.id) ? `#${job.id}` : job.id.slice(0, 8)),
      element('td', {}, kind),
      element(
        'td',
        {},
        extract
          ? element('a', { href: link('/session', { key: sessionKey, turn: userTurnId }) }, keyText(sessionKey))
          : '–',
      ),
      element('td', {}, extract ? `#${userTurnId} → #${throughTurnId}` : '–'),
      element('td', { class: 'number' }, job.attempts),
      element('td', { class: 'date' }, formatDate(job.createdAt)),
      element(
        'td',
        { class: 'date' },
        formatDate(state === 'queued' || state === 'running' ? job.runAt : job.finishedAt),
      ),
      element(
        'td',
        { class: 'cell-text' },
        job.error === null ? '–' : element('pre', { 'data-testid': 'job-error' }, job.error),
      ),
    ),
  );
}

/** The jobs view: the background jobs in each state, newest first, the failed ones with their error. */
export async function jobsView(root: HTMLElement, parameters: URLSearchParams): Promise<void> {
  const asked = parameters.get('state');
  const state: JobState = isJobState(asked) ? asked : 'queued';
  append(root, [
    element('h2', {}, 'Background jobs'),
    element(
      'p',
      { class: 'tabs' },
      JOB_STATES.map((name) =>
        element(
          'a',
          {
            href: link('/jobs', { state: name }),
            class: name === state ? 'current' : null,
            'data-testid': `jobs-tab-${name}`,
          },
          name,
        ),
      ),
    ),
  ]);
  let answer: { jobs: Job[] };
  try {
    answer = await api<{ jobs: Job[] }>('GET', `jobs${query({ state, limit: 200 })}`);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 501) throw error;
    root.append(element('p', { class: 'muted' }, 'This store keeps no jobs: they run in the memory of the process.'));
    return;
  }
  if (answer.jobs.length === 0) {
    root.append(element('p', { class: 'muted', 'data-testid': 'jobs-empty' }, `No ${state} job.`));
    return;
  }
  const when = state === 'queued' ? 'Due' : state === 'running' ? 'Lease ends' : 'Finished';
  const headings = ['Job', 'Kind', 'Session', 'Turns', 'Attempts', 'Created', when, 'Error'];
  root.append(
    dataTable(
      { 'data-testid': 'jobs' },
      headings,
      element(
        'tbody',
        {},
        answer.jobs.map((job) => jobRow(job, state, headings)),
      ),
    ),
  );
}
