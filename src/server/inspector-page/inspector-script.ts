import { SCRIPT_BASE } from './script-base.js';
import { SCRIPT_CHART } from './script-chart.js';
import { SCRIPT_FACTS } from './script-facts.js';
import { SCRIPT_JOBS } from './script-jobs.js';
import { SCRIPT_SESSION } from './script-session.js';
import { SCRIPT_SESSIONS } from './script-sessions.js';
import { SCRIPT_TEXT } from './script-text.js';

/** The inspector page's whole script: its parts in one strict-mode function scope, started once they are defined. */
export const INSPECTOR_SCRIPT = [
  "(() => {\n'use strict';",
  SCRIPT_TEXT,
  SCRIPT_BASE,
  SCRIPT_CHART,
  SCRIPT_SESSIONS,
  SCRIPT_SESSION,
  SCRIPT_FACTS,
  SCRIPT_JOBS,
  'start();\n})();\n',
].join('\n');
