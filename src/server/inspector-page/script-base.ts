/**
 * The page script's shared part: building elements (text always as text nodes: a stored `<img onerror>` stays
 * text), the API client with the token prompt, the confirmation dialog, formatting, and the hash router. Plain
 * browser JavaScript in a string (the package ships no build step for the page): no backtick, no backslash and no
 * dollar-brace in it (the syntax test in inspector-script.test.ts catches a slip).
 */
export const SCRIPT_BASE = `
const TOKEN_KEY = 'memstack-inspector-token';
const main = document.getElementById('main');

/** An element: attributes from code (never from data), listeners for on* keys, children as nodes or text. */
function h(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on')) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

class ApiError extends Error {
  constructor(status, error) {
    super(error && error.message ? error.message : 'HTTP ' + status);
    this.status = status;
    this.code = error && error.code;
  }
}

/** One token prompt at a time, however many requests were refused together. */
let tokenPrompt = null;

function askToken(wrong) {
  if (tokenPrompt) return tokenPrompt;
  const dialog = document.getElementById('token-dialog');
  const form = document.getElementById('token-form');
  const input = document.getElementById('token-input');
  document.getElementById('token-wrong').hidden = !wrong;
  input.value = '';
  tokenPrompt = new Promise((resolve, reject) => {
    const finish = (token) => {
      form.removeEventListener('submit', submit);
      document.getElementById('token-cancel').removeEventListener('click', cancel);
      dialog.removeEventListener('cancel', cancel);
      dialog.close();
      tokenPrompt = null;
      if (token === null) reject(new ApiError(401, { message: 'no token given' }));
      else {
        sessionStorage.setItem(TOKEN_KEY, token);
        document.getElementById('forget-token').hidden = false;
        resolve();
      }
    };
    const submit = (event) => {
      event.preventDefault();
      if (input.value !== '') finish(input.value);
    };
    const cancel = (event) => {
      event.preventDefault();
      finish(null);
    };
    form.addEventListener('submit', submit);
    document.getElementById('token-cancel').addEventListener('click', cancel);
    dialog.addEventListener('cancel', cancel);
    dialog.showModal();
    input.focus();
  });
  return tokenPrompt;
}

/**
 * A call to the API: the token (when one was given) in a header, never a cookie; a change also sends the header
 * and content type the server requires of changes. A refused token asks for it again.
 */
async function api(method, path, body) {
  for (let attempt = 0; ; attempt += 1) {
    const headers = { accept: 'application/json' };
    const token = sessionStorage.getItem(TOKEN_KEY);
    if (token) headers['x-memstack-token'] = token;
    if (method !== 'GET') {
      headers['x-memstack-inspector'] = '1';
      headers['content-type'] = 'application/json';
    }
    const response = await fetch('api/' + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
      cache: 'no-store',
    });
    if (response.status === 401) {
      await askToken(attempt > 0 || token !== null);
      continue;
    }
    const data = await response.json().catch(() => null);
    if (!response.ok) throw new ApiError(response.status, data && data.error);
    // A proxy in front of the server may answer with a page of its own.
    if (data === null || typeof data !== 'object') {
      throw new ApiError(response.status, { message: 'the server answered ' + path.split('?')[0] + ' with something other than JSON' });
    }
    return data;
  }
}

/** A query string from the defined, non-empty values. */
function query(values) {
  const parameters = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== null && value !== '') parameters.set(name, String(value));
  }
  const text = parameters.toString();
  return text === '' ? '' : '?' + text;
}

/** A link inside the page (the hash router's). */
function link(path, values) {
  return '#' + path + query(values || {});
}

/**
 * Asks before something that cannot be undone. With expected, the confirm button waits until that text is typed.
 * Resolves true when confirmed.
 */
function confirmAction(options) {
  const dialog = document.getElementById('confirm-dialog');
  const form = document.getElementById('confirm-form');
  const input = document.getElementById('confirm-input');
  const ok = document.getElementById('confirm-ok');
  const cancelButton = document.getElementById('confirm-cancel');
  document.getElementById('confirm-title').textContent = options.title;
  document.getElementById('confirm-message').textContent = options.message;
  document.getElementById('confirm-label').hidden = options.expected === undefined;
  document.getElementById('confirm-expected').textContent = options.expected === undefined ? '' : options.expected;
  ok.textContent = options.action || 'Confirm';
  input.value = '';
  const check = () => {
    ok.disabled = options.expected !== undefined && input.value !== options.expected;
  };
  check();
  return new Promise((resolve) => {
    const finish = (confirmed) => {
      input.removeEventListener('input', check);
      form.removeEventListener('submit', submit);
      cancelButton.removeEventListener('click', cancel);
      dialog.removeEventListener('cancel', cancel);
      dialog.close();
      resolve(confirmed);
    };
    const submit = (event) => {
      event.preventDefault();
      check();
      if (!ok.disabled) finish(true);
    };
    const cancel = (event) => {
      event.preventDefault();
      finish(false);
    };
    input.addEventListener('input', check);
    form.addEventListener('submit', submit);
    cancelButton.addEventListener('click', cancel);
    dialog.addEventListener('cancel', cancel);
    dialog.showModal();
    if (options.expected !== undefined) input.focus();
    else cancelButton.focus();
  });
}

function showError(error) {
  const box = document.getElementById('error');
  box.textContent = error instanceof Error ? error.message : String(error);
  box.hidden = false;
}

function showNotice(text) {
  const box = document.getElementById('notice');
  box.textContent = text;
  box.hidden = false;
}

function clearMessages() {
  document.getElementById('error').hidden = true;
  document.getElementById('notice').hidden = true;
}

/** A notice for the view the page goes to next (a forget moves away from what it removed). */
let pendingNotice = null;

function noticeAfterRoute(text) {
  pendingNotice = text;
}

/** Runs a click's work, showing its failure instead of losing it. */
function guarded(work) {
  return (event) => {
    Promise.resolve(work(event)).catch(showError);
  };
}

function formatDate(value) {
  if (value === null || value === undefined) return '–';
  const date = new Date(typeof value === 'number' ? value : String(value));
  return Number.isNaN(date.getTime()) ? '–' : date.toISOString().slice(0, 19).replace('T', ' ');
}

function percent(value) {
  return typeof value === 'number' ? (value * 100).toFixed(1) + '%' : '–';
}

function count(value) {
  return typeof value === 'number' ? value.toLocaleString('en-US') : '–';
}

/** Longest shown of an id (agent, user, channel, thread), in grapheme clusters: the whole one is in its title. */
const ID_SHOWN = 40;
const FIRST_STRONG_ISOLATE = String.fromCharCode(0x2068);
const POP_DIRECTIONAL_ISOLATE = String.fromCharCode(0x2069);

function truncate(text, most) {
  return cutText(text, most).text;
}

/**
 * Stored text for a line of its own or a cell: cut to most grapheme clusters (the whole text in its title when cut
 * and short enough to hover), isolated from the text around it (a right-to-left override in an id cannot turn the
 * rest of the line around), wrapped anywhere when it has no space to wrap at.
 */
function clip(value, most, attributes) {
  const text = String(value === null || value === undefined ? '' : value);
  const shown = cutText(text, most);
  const title = shown.cut && text.length <= 20000 ? text : undefined;
  return h('bdi', Object.assign({ class: 'clip', title }, attributes || {}), shown.text);
}

/** An id, or a dash when there is none. */
function idText(value, attributes) {
  return value === null || value === undefined ? h('span', { class: 'muted' }, '–') : clip(value, ID_SHOWN, attributes);
}

/** An id inside a sentence built as one string (a dialog's message): isolated by Unicode's own marks. */
function isolate(value) {
  return FIRST_STRONG_ISOLATE + String(value) + POP_DIRECTIONAL_ISOLATE;
}

/**
 * A session key as the text it stands for: its parts decoded (agent / channel / thread, or agent / – / – / @user),
 * each cut and isolated, the stored key in the title. A key of another shape, or not valid percent-encoding, is shown
 * as it is.
 */
function keyText(key, attributes) {
  const parts = keyParts(key);
  const title = keyTitle(key);
  if (parts === null) return clip(key, ID_SHOWN * 2, Object.assign({ title }, attributes || {}));
  const children = [];
  parts.forEach((part, index) => {
    if (index > 0) children.push(h('span', { class: 'separator' }, ' / '));
    if (part.absent) children.push(h('span', { class: 'muted' }, '–'));
    else children.push(h('bdi', {}, (part.user ? '@' : '') + cutText(part.text, ID_SHOWN).text));
  });
  return h('bdi', Object.assign({ class: 'clip key', title }, attributes || {}), children);
}

/** A session key's whole text, decoded, and the key as stored when that differs (a tooltip). */
function keyTitle(key) {
  const parts = keyParts(key);
  const whole = parts === null ? key : parts.map((part) => (part.absent ? '–' : (part.user ? '@' : '') + part.text)).join(' / ');
  return whole === key ? key : whole + ' (stored as ' + key + ')';
}

/**
 * A table that becomes a list of cards on a narrow screen: each cell keeps its column's heading (data-label), shown
 * above it there.
 */
function dataTable(attributes, headings, body) {
  const head = h('thead', {}, h('tr', {}, headings.map((title) => h('th', {}, title))));
  return h('table', Object.assign({ class: 'cards' }, attributes), head, body);
}

/** A row of a data table, its cells labelled with their headings. */
function labelled(headings, row) {
  Array.from(row.children).forEach((cell, index) => {
    if (headings[index]) cell.setAttribute('data-label', headings[index]);
  });
  return row;
}

/** The place and relevance of one of a ranked list, in words, the raw score on hover. */
function rankView(index, score, first, testId) {
  const words = rankWords(index, score, first);
  return h(
    'span',
    { class: 'rank', title: words.detail, 'data-testid': testId, 'data-score': typeof score === 'number' ? score : null },
    words.relative === null ? words.rank : words.rank + ', ' + words.relative,
  );
}

function pretty(value) {
  return JSON.stringify(value, null, 2);
}

/** The views, by the hash's path; each renders into its own element (a late answer lands in a detached one). */
const views = {};

function route() {
  clearMessages();
  if (pendingNotice !== null) showNotice(pendingNotice);
  pendingNotice = null;
  const hash = location.hash.slice(1) || '/sessions';
  const mark = hash.indexOf('?');
  const path = mark < 0 ? hash : hash.slice(0, mark);
  const parameters = new URLSearchParams(mark < 0 ? '' : hash.slice(mark + 1));
  const name = Object.hasOwn(views, path) ? path : '/sessions';
  const section = name === '/session' ? '/sessions' : name;
  for (const item of document.querySelectorAll('[data-nav]')) {
    item.classList.toggle('current', item.getAttribute('data-nav') === section);
  }
  const root = h('div', { 'data-view': name });
  main.replaceChildren(root);
  Promise.resolve(views[name](root, parameters)).catch(showError);
}

function start() {
  const forgetToken = document.getElementById('forget-token');
  forgetToken.hidden = sessionStorage.getItem(TOKEN_KEY) === null;
  forgetToken.addEventListener('click', () => {
    sessionStorage.removeItem(TOKEN_KEY);
    forgetToken.hidden = true;
    route();
  });
  window.addEventListener('hashchange', route);
  route();
}
`;
