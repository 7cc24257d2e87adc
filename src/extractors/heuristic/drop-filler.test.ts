import { describe, expect, it } from 'vitest';
import { dropFiller } from './drop-filler.js';

describe('dropFiller', () => {
  it.each([
    ['Update: I moved to Quito last month.', 'I moved to Quito'],
    ['We deploy on Heroku, by the way', 'We deploy on Heroku'],
    ['I use Emacs btw', 'I use Emacs'],
    ['we host it on Hetzner now', 'we host it on Hetzner'],
    ['I sold my car a few weeks ago', 'I sold my car'],
    ['I know nothing about it', 'I know nothing about it'],
    ['我上周换成了 Arch Linux 啦', '我换成了 Arch Linux'],
    ['我们已经改用 Bun 了', '我们改用 Bun'],
    ['我现在在一家银行上班', '我在一家银行上班'],
    ['我们结婚三年了', '我们结婚三年了'],
    ['从现在开始用 pnpm', '从现在开始用 pnpm'],
    ['先月、神戸に引っ越しました。', '神戸に引っ越しました'],
    ['今はRustを使っています', 'Rustを使っています'],
    ['ちなみに、朝型です笑', '朝型です'],
  ])('%j → %j', (clause, expected) => {
    expect(dropFiller(clause)).toBe(expected);
  });
});

describe('dropFiller keeps a "now" that belongs to a phrase', () => {
  it.each([
    ["I'm using Windows right now", "I'm using Windows right now"],
    ['We are on Node 18 for now', 'We are on Node 18 for now'],
  ])('%j', (clause, expected) => {
    expect(dropFiller(clause)).toBe(expected);
  });
});
