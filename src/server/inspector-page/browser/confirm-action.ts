import { byId } from './by-id.js';

export interface ConfirmOptions {
  title: string;
  message: string;
  /** A text the user must type before the confirm button works (an id, for a forget). */
  expected?: string;
  action?: string;
}

/** Asks before something that cannot be undone. Resolves true when confirmed. */
export function confirmAction(options: ConfirmOptions): Promise<boolean> {
  const dialog = byId('confirm-dialog', HTMLDialogElement);
  const form = byId('confirm-form', HTMLFormElement);
  const input = byId('confirm-input', HTMLInputElement);
  const ok = byId('confirm-ok', HTMLButtonElement);
  const cancelButton = byId('confirm-cancel', HTMLButtonElement);
  byId('confirm-title', HTMLElement).textContent = options.title;
  byId('confirm-message', HTMLElement).textContent = options.message;
  byId('confirm-label', HTMLElement).hidden = options.expected === undefined;
  byId('confirm-expected', HTMLElement).textContent = options.expected ?? '';
  ok.textContent = options.action ?? 'Confirm';
  input.value = '';
  const check = () => {
    ok.disabled = options.expected !== undefined && input.value !== options.expected;
  };
  check();
  return new Promise((resolve) => {
    const finish = (confirmed: boolean) => {
      input.removeEventListener('input', check);
      form.removeEventListener('submit', submit);
      cancelButton.removeEventListener('click', cancel);
      dialog.removeEventListener('cancel', cancel);
      dialog.close();
      resolve(confirmed);
    };
    const submit = (event: Event) => {
      event.preventDefault();
      check();
      if (!ok.disabled) finish(true);
    };
    const cancel = (event: Event) => {
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
