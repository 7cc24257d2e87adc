/** Where a progress bar draws: a terminal's stderr, or anything that says it is one. */
export interface ProgressOutput {
  isTTY?: boolean | undefined;
  columns?: number | undefined;
  write(text: string): unknown;
}

export interface ProgressBar {
  /** How far the work is (out of `total` when there is one). */
  update(done: number): void;
  /** Clears the bar, leaving the line empty for what is printed next. */
  finish(): void;
}

/** Redraws at most this often: a bar must not cost the work it shows. */
const REDRAW_MS = 100;

/**
 * A one-line progress bar for long work (replay, import, export), drawn on a terminal only: in a pipe, a file or CI
 * (`CI` set) it draws nothing, so that logs and piped output stay clean. `total` null: a count without a bar.
 */
export function progressBar(
  label: string,
  total: number | null,
  output: ProgressOutput = process.stderr,
  environment: NodeJS.ProcessEnv = process.env,
  clock: () => number = Date.now,
): ProgressBar {
  if (!output.isTTY || (environment.CI !== undefined && environment.CI !== '' && environment.CI !== 'false')) {
    return { update: () => {}, finish: () => {} };
  }
  let drawnAt = Number.NEGATIVE_INFINITY;
  let drawn = false;
  const draw = (done: number): void => {
    const width = Math.max(10, Math.min(40, (output.columns ?? 80) - label.length - 30));
    let line: string;
    if (total === null || total <= 0) line = `${label} ${done.toLocaleString('en')}`;
    else {
      const share = Math.min(1, done / total);
      const filled = Math.round(share * width);
      const bar = `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
      line = `${label} ${bar} ${Math.floor(share * 100)}% ${done.toLocaleString('en')}/${total.toLocaleString('en')}`;
    }
    output.write(`\r${line}\u001b[K`);
    drawn = true;
  };
  return {
    update(done) {
      const now = clock();
      if (now - drawnAt < REDRAW_MS && done !== total) return;
      drawnAt = now;
      draw(done);
    },
    finish() {
      if (drawn) output.write('\r\u001b[K');
    },
  };
}
