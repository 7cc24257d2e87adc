import { factsView } from './facts-view.js';
import { jobsView } from './jobs-view.js';
import { start } from './router.js';
import { sessionView } from './session-view.js';
import { sessionsView } from './sessions-view.js';

/** The inspector page's script, the bundle's entry: every view by the hash path that shows it. */
start({
  '/sessions': sessionsView,
  '/session': sessionView,
  '/facts': factsView,
  '/jobs': jobsView,
});
