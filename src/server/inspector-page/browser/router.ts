import { byId } from './by-id.js';
import { element } from './element.js';
import { clearMessages, showError, showPendingNotice } from './messages.js';
import { TOKEN_KEY } from './token.js';

/** A view renders into its own element (a late answer lands in a detached one), from the hash's parameters. */
export type View = (root: HTMLElement, parameters: URLSearchParams) => Promise<void> | void;

/** The views, by the hash's path: given once by `start`. */
let views: Readonly<Record<string, View>> = {};

/** Renders the view the hash names (the sessions list when it names none). */
export function route(): void {
  clearMessages();
  showPendingNotice();
  const hash = location.hash.slice(1) || '/sessions';
  const mark = hash.indexOf('?');
  const path = mark < 0 ? hash : hash.slice(0, mark);
  const parameters = new URLSearchParams(mark < 0 ? '' : hash.slice(mark + 1));
  const name = Object.hasOwn(views, path) ? path : '/sessions';
  const view = views[name];
  const section = name === '/session' ? '/sessions' : name;
  for (const item of document.querySelectorAll('[data-nav]')) {
    item.classList.toggle('current', item.getAttribute('data-nav') === section);
  }
  const root = element('div', { 'data-view': name });
  byId('main', HTMLElement).replaceChildren(root);
  if (view === undefined) return;
  Promise.resolve()
    .then(() => view(root, parameters))
    .catch(showError);
}

/** Starts the page: the views it routes to, the button that forgets the token, and the router. */
export function start(routes: Readonly<Record<string, View>>): void {
  views = routes;
  const forgetToken = byId('forget-token', HTMLButtonElement);
  forgetToken.hidden = sessionStorage.getItem(TOKEN_KEY) === null;
  forgetToken.addEventListener('click', () => {
    sessionStorage.removeItem(TOKEN_KEY);
    forgetToken.hidden = true;
    route();
  });
  window.addEventListener('hashchange', route);
  route();
}
