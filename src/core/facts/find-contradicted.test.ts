import { describe, expect, it } from 'vitest';
import { contradictionCues, findContradicted } from './find-contradicted.js';

/** Whether `newer` supersedes `older`. */
const replaces = (newer: string, older: string): boolean =>
  findContradicted(newer, [{ id: 1, text: older }]).includes(1);

describe('findContradicted', () => {
  it('replaces where the user lives when they move', () => {
    expect(replaces('The user moved to Berlin', 'User lives in Paris')).toBe(true);
    expect(replaces('I moved to Berlin last month', 'I live in Paris')).toBe(true);
    expect(replaces('User relocated to Lisbon in 2024', 'User is based in Berlin, Germany')).toBe(true);
    expect(replaces('User now lives in New York', 'User has been living in Paris since 2019')).toBe(true);
    expect(replaces('User moved from Paris to Berlin for a new job', 'The user lives in Paris')).toBe(true);
    expect(replaces('User lives in Tokyo', 'User moved to Osaka two years ago')).toBe(true);
  });

  it('replaces where the user lives in Chinese and Japanese, and across languages', () => {
    expect(replaces('用户搬到柏林了', '用户住在巴黎')).toBe(true);
    expect(replaces('我已经搬去上海', '我住在北京')).toBe(true);
    expect(replaces('用户从巴黎搬到了柏林', '用户住在巴黎')).toBe(true);
    expect(replaces('ユーザーはベルリンに引っ越した', 'ユーザーはパリに住んでいる')).toBe(true);
    expect(replaces('ユーザーは大阪に引っ越しました', 'ユーザーは東京在住')).toBe(true);
    expect(replaces('ユーザーはベルリンに引っ越した', 'User lives in Paris')).toBe(true);
    expect(replaces('The user moved to Berlin', '用户住在巴黎')).toBe(true);
  });

  it('replaces the employer when the user changes jobs', () => {
    expect(replaces('User works at Stripe', 'User works for Google')).toBe(true);
    expect(replaces('User joined Acme Corp as a senior engineer', 'User is employed at Initech')).toBe(true);
    expect(replaces('用户在字节跳动工作', '用户在腾讯工作')).toBe(true);
    expect(replaces('ユーザーはソニーで働いている', 'ユーザーはトヨタに勤めている')).toBe(true);
  });

  it("reads another language's doubt words in English as names (Spanish 'y', 'sin', 'era', 'antes')", () => {
    expect(replaces('User works at Y Combinator', 'User works at Acme')).toBe(true);
    expect(replaces('User works at Sin City Games', 'User works at Acme')).toBe(true);
    expect(replaces('User lives in Era, Texas', 'User lives in Paris')).toBe(true);
    expect(replaces('User works at Antes Studio', 'User works at Acme')).toBe(true);
    expect(replaces('Usuario vivía en Sevilla', 'Usuario vive en Madrid')).toBe(false);
  });

  it('replaces the package manager on a stated switch, whatever the form', () => {
    expect(replaces('We switched from npm to pnpm', 'The project uses npm')).toBe(true);
    expect(replaces('User switched from npm to pnpm', "User's project uses npm")).toBe(true);
    expect(replaces("User's project now uses pnpm instead of npm", "User's project uses npm")).toBe(true);
    expect(replaces('The team migrated from Jest to Vitest', 'User writes tests with jest')).toBe(true);
    expect(replaces('User replaced Jest with Vitest', 'The project uses Jest as its test runner')).toBe(true);
    expect(replaces('The project moved to pnpm', 'We use yarn for package management')).toBe(true);
    expect(replaces("The project's package manager is bun", 'The project uses npm')).toBe(true);
  });

  it('replaces exclusive tool choices in Chinese and Japanese', () => {
    expect(replaces('用户从 npm 换成了 pnpm', '用户的项目使用 npm')).toBe(true);
    expect(replaces('我们把 jest 换成了 vitest', '项目用 jest 写测试')).toBe(true);
    expect(replaces('用户偏好使用 spaces 缩进', '用户偏好使用制表符')).toBe(true);
    expect(replaces('ユーザーはnpmからpnpmに移行した', 'ユーザーはnpmを使っている')).toBe(true);
    expect(replaces('ユーザーはエディタにVS Codeを使っています', 'ユーザーはVimを使っている')).toBe(true);
    expect(replaces('ユーザーはダークモードが好き', 'User prefers light mode')).toBe(true);
  });

  it('replaces a use with a use and a preference with a preference', () => {
    expect(replaces('User prefers dark mode', 'User prefers light mode these days')).toBe(true);
    expect(replaces('User prefers spaces over tabs', 'User prefers tabs')).toBe(true);
    expect(replaces('User prefers double quotes', 'User likes single quotes')).toBe(true);
    expect(replaces('User uses Neovim as their editor', 'User codes in VS Code')).toBe(true);
    // One may prefer vim and use VS Code: only a stated change away from a value replaces a preference for it.
    expect(replaces('User uses VS Code', 'User prefers vim')).toBe(false);
    expect(replaces('User prefers pnpm', 'The project uses npm')).toBe(false);
    expect(replaces('We switched from npm to pnpm', 'User prefers npm')).toBe(true);
    expect(replaces('We switched from npm to pnpm', 'User prefers yarn')).toBe(false);
  });

  it('replaces nothing for a visit, a trip or anything that is not the same slot', () => {
    expect(replaces('User visited Berlin', 'User lives in Paris')).toBe(false);
    expect(replaces('User flew to Berlin last week', 'User lives in Paris')).toBe(false);
    expect(replaces('User is from Berlin', 'User lives in Paris')).toBe(false);
    expect(replaces('User works in Berlin', 'User lives in Paris')).toBe(false);
    expect(replaces('User moved to the backend team', 'User lives in Paris')).toBe(false);
    expect(replaces('User moved to a new apartment', 'User lives in Paris')).toBe(false);
    expect(replaces('User moved to TypeScript', 'User lives in Paris')).toBe(false);
    expect(replaces('User joined Slack', 'User works at Google')).toBe(false);
    expect(replaces('User uses Vitest', 'User uses npm')).toBe(false);
    expect(replaces('User uses npm scripts', 'User uses pnpm')).toBe(false);
    expect(replaces('User uses Vim keybindings', 'User uses VS Code')).toBe(false);
    expect(replaces('用户去柏林旅游了', '用户住在巴黎')).toBe(false);
    expect(replaces('ユーザーはベルリンを訪れた', 'ユーザーはパリに住んでいる')).toBe(false);
  });

  it('replaces nothing when both facts may hold: qualified, partial or additional', () => {
    expect(replaces('User uses pnpm for monorepos', 'User uses npm')).toBe(false);
    expect(replaces('User uses npm', 'User uses pnpm for monorepos')).toBe(false);
    expect(replaces('User uses vim at work', 'User uses VS Code')).toBe(false);
    expect(replaces('User works at a bakery on weekends', 'User works at Google')).toBe(false);
    expect(replaces('User works at Bakehouse on weekends', 'User works at Google')).toBe(false);
    expect(replaces('User also lives in Berlin', 'User lives in Paris')).toBe(false);
    expect(replaces('User lives in Berlin and Paris', 'User lives in Paris')).toBe(false);
    expect(replaces('User lives in Berlin during the week', 'User lives in Paris')).toBe(false);
    expect(replaces('User sometimes uses yarn', 'User uses npm')).toBe(false);
    expect(replaces('用户周末住在乡下', '用户住在巴黎')).toBe(false);
    expect(replaces('用户住在柏林和巴黎', '用户住在巴黎')).toBe(false);
    expect(replaces('用户住在柏林一段时间', '用户住在巴黎')).toBe(false);
    expect(replaces('ユーザーはベルリンとパリに住んでいる', 'ユーザーはパリに住んでいる')).toBe(false);
    expect(replaces('用户在公司用 yarn', '用户使用 npm')).toBe(false);
    expect(replaces('ユーザーは仕事ではyarnを使っている', 'ユーザーはnpmを使っている')).toBe(false);
  });

  it('replaces nothing on a negated, hypothetical or past statement', () => {
    expect(replaces('User does not live in Berlin', 'User lives in Paris')).toBe(false);
    expect(replaces("User doesn't use pnpm", 'User uses npm')).toBe(false);
    expect(replaces('User no longer uses npm', 'User uses npm')).toBe(false);
    expect(replaces('User might move to Berlin', 'User lives in Paris')).toBe(false);
    expect(replaces('User plans to move to Berlin next year', 'User lives in Paris')).toBe(false);
    expect(replaces('User is considering switching to pnpm', 'User uses npm')).toBe(false);
    expect(replaces('User wants to switch from npm to pnpm', 'User uses npm')).toBe(false);
    expect(replaces('User used to live in Berlin', 'User lives in Paris')).toBe(false);
    expect(replaces('User lived in Berlin', 'User lives in Paris')).toBe(false);
    expect(replaces('User previously worked at Stripe', 'User works at Google')).toBe(false);
    expect(replaces('用户不住在柏林', '用户住在巴黎')).toBe(false);
    expect(replaces('用户打算搬到柏林', '用户住在巴黎')).toBe(false);
    expect(replaces('用户以前住在柏林', '用户住在巴黎')).toBe(false);
    expect(replaces('ユーザーはベルリンに引っ越す予定', 'ユーザーはパリに住んでいる')).toBe(false);
    expect(replaces('ユーザーは以前ベルリンに住んでいた', 'ユーザーはパリに住んでいる')).toBe(false);
    expect(replaces('ユーザーはpnpmを使っていない', 'ユーザーはnpmを使っている')).toBe(false);
    // A negated or hypothetical known fact is not replaced either.
    expect(replaces('User moved to Berlin', 'User might move to Paris')).toBe(false);
  });

  it('keeps different people apart', () => {
    expect(replaces('Alice moved to Berlin', 'User lives in Paris')).toBe(false);
    expect(replaces('User moved to Berlin', 'Alice lives in Paris')).toBe(false);
    expect(replaces("User's sister moved to Berlin", "User's sister lives in Paris")).toBe(true);
    expect(replaces("User's sister moved to Berlin", 'User lives in Paris')).toBe(false);
    expect(replaces('Bob uses yarn', 'User uses npm')).toBe(false);
    expect(replaces('Alice moved to Berlin', 'Alice lives in Paris')).toBe(true);
    expect(replaces('用户的妹妹搬到了柏林', '用户住在巴黎')).toBe(false);
    expect(replaces('田中さんは大阪に引っ越した', 'ユーザーは東京に住んでいる')).toBe(false);
    // A pronoun may be anyone: it fills no slot.
    expect(replaces('He moved to Berlin', 'He lives in Paris')).toBe(false);
  });

  it('replaces nothing when the value is the same or a refinement of it', () => {
    expect(replaces('User moved to Berlin', 'User lives in Berlin')).toBe(false);
    expect(replaces('User lives in New York City', 'User lives in New York')).toBe(false);
    expect(replaces('We switched from npm to pnpm', 'The project uses pnpm')).toBe(false);
    expect(replaces('User uses VSCode', 'User uses Visual Studio Code')).toBe(false);
    expect(replaces('User lives at 12 Rue de Rivoli, Paris', 'User lives in Paris')).toBe(false);
    expect(replaces('User lives in Berlin, Germany', 'User lives in Paris, France')).toBe(true);
    expect(replaces('用户搬到了东京都', '用户住在东京')).toBe(false);
  });

  it('returns every contradicted id, in order, and nothing for a fact that fills no slot', () => {
    const known = [
      { id: 1, text: 'User lives in Paris' },
      { id: 2, text: 'User uses npm' },
      { id: 3, text: 'User is based in Lyon' },
      { id: 4, text: 'User prefers dark mode' },
    ];
    expect(findContradicted('User moved to Berlin', known)).toEqual([1, 3]);
    expect(findContradicted('User is learning Rust', known)).toEqual([]);
    expect(findContradicted('User moved to Berlin', [])).toEqual([]);
  });
});

describe('findContradicted on exclusive preferences (the rules the heuristic extractor had apart)', () => {
  const known = [
    { id: 1, text: 'User prefers pnpm' },
    { id: 2, text: 'User is on macOS' },
    { id: 3, text: 'User prefers tabs' },
    { id: 4, text: '用户偏好使用 npm' },
  ];

  it('replaces a preference for another option of the same exclusive choice', () => {
    expect(findContradicted('User prefers yarn', known)).toEqual([1, 4]);
    expect(findContradicted('用户偏好使用 spaces 缩进', known)).toEqual([3]);
    expect(findContradicted('User prefers ava', [{ id: 5, text: 'User prefers jest' }])).toEqual([5]);
    // The new preference names what it is preferred over: the known preferences for other options are replaced.
    expect(findContradicted('User prefers yarn over npm', known)).toEqual([1, 4]);
  });

  it('replaces nothing for an agreeing, qualified, negated or non-preference fact', () => {
    expect(findContradicted('User prefers pnpm', [{ id: 1, text: 'User prefers pnpm' }])).toEqual([]);
    expect(findContradicted('User prefers yarn for legacy projects', known)).toEqual([]);
    expect(findContradicted('User prefers yarn', [{ id: 5, text: 'User prefers pnpm for monorepos' }])).toEqual([]);
    expect(findContradicted('用户在公司偏好使用 yarn', known)).toEqual([]);
    expect(findContradicted('User uses yarn at work', known)).toEqual([]);
    expect(findContradicted("User doesn't prefer yarn", known)).toEqual([]);
  });

  it('does not take npm for pnpm, and replaces a preference naming two options when a third is preferred', () => {
    expect(findContradicted('User prefers npm', [{ id: 7, text: 'User prefers npm scripts' }])).toEqual([]);
    expect(findContradicted('User prefers npm', [{ id: 8, text: 'User prefers pnpm' }])).toEqual([8]);
    expect(findContradicted('User prefers bun', [{ id: 9, text: 'User prefers pnpm over npm' }])).toEqual([9]);
    expect(findContradicted('User prefers yarn', [])).toEqual([]);
  });
});

describe('contradictionCues', () => {
  it('names the words of the slot, to find facts that share no word with the new one', () => {
    expect(contradictionCues('User moved to Berlin')).toContain('lives');
    expect(contradictionCues('用户搬到柏林了')).toContain('住在');
    expect(contradictionCues('We switched from npm to pnpm')).toBe('npm pnpm yarn bun');
    expect(contradictionCues('User works at Stripe')).toContain('works');
    expect(contradictionCues('User visited Berlin')).toBeNull();
  });
});
