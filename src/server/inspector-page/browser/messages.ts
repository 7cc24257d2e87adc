import { byId } from './by-id.js';

/** The page's two message lines: a failure (role alert) and a notice (role status). */
export function showError(error: unknown): void {
  const box = byId('error', HTMLElement);
  box.textContent = error instanceof Error ? error.message : String(error);
  box.hidden = false;
}

export function showNotice(text: string): void {
  const box = byId('notice', HTMLElement);
  box.textContent = text;
  box.hidden = false;
}

export function clearMessages(): void {
  byId('error', HTMLElement).hidden = true;
  byId('notice', HTMLElement).hidden = true;
}

/** A notice for the view the page goes to next (a forget moves away from what it removed). */
let pendingNotice: string | null = null;

export function noticeAfterRoute(text: string): void {
  pendingNotice = text;
}

/** Shows the notice left for this view, once. */
export function showPendingNotice(): void {
  if (pendingNotice !== null) showNotice(pendingNotice);
  pendingNotice = null;
}

/** Runs a click's work, showing its failure instead of losing it. */
export function guarded(work: (event?: Event) => unknown): (event?: Event) => void {
  return (event) => {
    Promise.resolve()
      .then(() => work(event))
      .catch(showError);
  };
}
