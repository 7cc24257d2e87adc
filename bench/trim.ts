import { trimTurn } from '../src/index.js';
import { printTable } from './print-table.js';

const SIZES = [10_000, 100_000, 1_000_000];
const ALPHABETS: Record<string, string> = {
  ascii: 'The quick brown fox jumps over the lazy dog. ',
  cjk: '用戶偏好使用管理套件我們部署在雲端上面日本語のテキストです。',
  emoji: '👩‍👩‍👧🇯🇵👍🏽é',
};

/** trimTurn time by input length: it must grow linearly (1M characters in about a second at most). */
export async function trimBench(): Promise<Record<string, unknown>> {
  const rows: Array<Array<string | number>> = [];
  const results: Record<string, number> = {};
  for (const [name, alphabet] of Object.entries(ALPHABETS)) {
    for (const size of SIZES) {
      const text = alphabet
        .repeat(Math.ceil(size / alphabet.length))
        .slice(0, size)
        .toWellFormed();
      const start = performance.now();
      trimTurn(text);
      const ms = performance.now() - start;
      results[`${name}-${size}`] = ms;
      rows.push([name, size, ms, (ms / size) * 1000]);
    }
  }
  printTable('trimTurn time by length (UTF-16 units in)', ['text', 'length', 'ms', 'µs per 1k'], rows);
  return results;
}
