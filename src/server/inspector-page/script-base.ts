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

function truncate(text, most) {
  const value = String(text === null || text === undefined ? '' : text);
  return value.length > most ? value.slice(0, most) + '…' : value;
}

function score(value) {
  return typeof value === 'number' ? value.toPrecision(3) : 'by recency';
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
