import { ApiError } from './api-error.js';
import { byId } from './by-id.js';

/** Where the token is kept: the tab's session storage, never a cookie (a browser never adds it to another request). */
export const TOKEN_KEY = 'memstack-inspector-token';

/** One token prompt at a time, however many requests were refused together. */
let tokenPrompt: Promise<void> | null = null;

/** Asks for the server's token (`wrong`: the one sent was refused) and keeps it; rejects when the user cancels. */
export function askToken(wrong: boolean): Promise<void> {
  if (tokenPrompt) return tokenPrompt;
  const dialog = byId('token-dialog', HTMLDialogElement);
  const form = byId('token-form', HTMLFormElement);
  const input = byId('token-input', HTMLInputElement);
  const cancelButton = byId('token-cancel', HTMLButtonElement);
  byId('token-wrong', HTMLElement).hidden = !wrong;
  input.value = '';
  tokenPrompt = new Promise<void>((resolve, reject) => {
    const finish = (token: string | null) => {
      form.removeEventListener('submit', submit);
      cancelButton.removeEventListener('click', cancel);
      dialog.removeEventListener('cancel', cancel);
      dialog.close();
      tokenPrompt = null;
      if (token === null) reject(new ApiError(401, { message: 'no token given' }));
      else {
        sessionStorage.setItem(TOKEN_KEY, token);
        byId('forget-token', HTMLButtonElement).hidden = false;
        resolve();
      }
    };
    const submit = (event: Event) => {
      event.preventDefault();
      if (input.value !== '') finish(input.value);
    };
    const cancel = (event: Event) => {
      event.preventDefault();
      finish(null);
    };
    form.addEventListener('submit', submit);
    cancelButton.addEventListener('click', cancel);
    dialog.addEventListener('cancel', cancel);
    dialog.showModal();
    input.focus();
  });
  return tokenPrompt;
}
