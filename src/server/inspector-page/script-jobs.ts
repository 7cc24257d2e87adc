/** The page script's jobs view: the background jobs in each state, newest first, the failed ones with their error. */
export const SCRIPT_JOBS = `
const JOB_STATES = ['queued', 'running', 'done', 'failed'];

views['/jobs'] = async (root, parameters) => {
  const state = JOB_STATES.includes(parameters.get('state')) ? parameters.get('state') : 'queued';
  append(root, [
    h('h2', {}, 'Background jobs'),
    h(
      'p',
      { class: 'tabs' },
      JOB_STATES.map((name) =>
        h('a', { href: link('/jobs', { state: name }), class: name === state ? 'current' : null, 'data-testid': 'jobs-tab-' + name }, name),
      ),
    ),
  ]);
  let answer;
  try {
    answer = await api('GET', 'jobs' + query({ state, limit: 200 }));
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 501) throw error;
    root.append(h('p', { class: 'muted' }, 'This store keeps no jobs: they run in the memory of the process.'));
    return;
  }
  if (answer.jobs.length === 0) {
    root.append(h('p', { class: 'muted', 'data-testid': 'jobs-empty' }, 'No ' + state + ' job.'));
    return;
  }
  const when = state === 'queued' ? 'Due' : state === 'running' ? 'Lease ends' : 'Finished';
  const headings = ['Job', 'Kind', 'Session', 'Turns', 'Attempts', 'Created', when, 'Error'];
  root.append(
    dataTable(
      { 'data-testid': 'jobs' },
      headings,
      h(
        'tbody',
        {},
        answer.jobs.map((job) => {
          const extract = job.job.kind === 'extract';
          return labelled(headings, h(
            'tr',
            { 'data-testid': 'job-row' },
            // A row number (SQLite) reads as #12; a UUID (pg-boss) by its first characters, whole on hover.
            h('td', { class: 'number', title: job.id }, /^[0-9]+$/.test(job.id) ? '#' + job.id : job.id.slice(0, 8)),
            h('td', {}, job.job.kind),
            h('td', {}, extract ? h('a', { href: link('/session', { key: job.job.sessionKey, turn: job.job.userTurnId }) }, keyText(job.job.sessionKey)) : '–'),
            h('td', {}, extract ? '#' + job.job.userTurnId + ' → #' + job.job.throughTurnId : '–'),
            h('td', { class: 'number' }, job.attempts),
            h('td', { class: 'date' }, formatDate(job.createdAt)),
            h('td', { class: 'date' }, formatDate(state === 'queued' || state === 'running' ? job.runAt : job.finishedAt)),
            h('td', { class: 'cell-text' }, job.error === null ? '–' : h('pre', { 'data-testid': 'job-error' }, job.error)),
          ));
        }),
      ),
    ),
  );
};
`;
