import { describe, expect, it } from 'vitest';
import { progressBar } from './progress-bar.js';

function terminal(isTTY = true) {
  const writes: string[] = [];
  return { writes, output: { isTTY, columns: 80, write: (text: string) => writes.push(text) } };
}

describe('progressBar', () => {
  it('draws a bar with the share done on a terminal, at most every 100 ms, and clears it at the end', () => {
    const { writes, output } = terminal();
    let now = 0;
    const bar = progressBar('import', 200, output, {}, () => now);
    bar.update(10);
    bar.update(20);
    now = 150;
    bar.update(50);
    bar.update(200);
    bar.finish();
    expect(writes).toHaveLength(4);
    expect(writes[0]?.startsWith('\rimport █')).toBe(true);
    expect(writes[0]?.endsWith(' 5% 10/200\u001b[K')).toBe(true);
    expect(writes[1]).toContain('25% 50/200');
    expect(writes[2]).toContain('100% 200/200');
    expect(writes[3]).toBe('\r\u001b[K');
  });

  it('counts without a total', () => {
    const { writes, output } = terminal();
    progressBar('export', null, output, {}, () => 0).update(12_345);
    expect(writes).toEqual(['\rexport 12,345\u001b[K']);
  });

  it('draws nothing in a pipe or in CI', () => {
    for (const [isTTY, environment] of [
      [false, {}],
      [true, { CI: 'true' }],
    ] as const) {
      const { writes, output } = terminal(isTTY);
      const bar = progressBar('replay', 3, output, environment, () => 0);
      bar.update(1);
      bar.finish();
      expect(writes).toEqual([]);
    }
  });
});
