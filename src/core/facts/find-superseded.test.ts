import { describe, expect, it } from 'vitest';
import { findSuperseded, messageStatements, supersedeCues, userReadings } from './find-superseded.js';

const replaces = (statement: string, known: string): boolean =>
  findSuperseded(statement, [{ id: 1, text: known }]).includes(1);

describe('findSuperseded: one rule for every path', () => {
  it('replaces on a move, a new job or a switch, and on a stated preference over the old choice', () => {
    expect(replaces('User relocated to Porto', 'User lives in Madrid')).toBe(true);
    expect(replaces('User prefers Neovim over Emacs', 'User uses Emacs')).toBe(true);
    expect(replaces('User prefers Neovim over Emacs', 'User prefers Emacs')).toBe(true);
    expect(replaces('User prefers Rollup over Webpack', 'User uses Webpack')).toBe(true);
    expect(replaces("User's team now uses yarn", "User's team uses npm for all its projects")).toBe(true);
    expect(replaces('用户改用 yarn 管理依赖', '用户用 npm')).toBe(true);
    expect(replaces('ユーザーはyarnに変えた', 'ユーザーはnpmを使っている')).toBe(true);
    expect(replaces('用户搬到了成都', '用户住在重庆')).toBe(true);
    expect(replaces('ユーザーは福岡に引っ越した', 'ユーザーは札幌に住んでいる')).toBe(true);
  });

  it('reads a time word between subject and verb, and a new job', () => {
    expect(replaces('用户上个月搬到了成都', '用户住在重庆')).toBe(true);
    expect(replaces('我去年搬到了厦门', '我住在福州')).toBe(true);
    expect(replaces('User just started a new job at Initech', 'User works at Hooli')).toBe(true);
    expect(replaces('User got a job at Initech', 'User works at Hooli')).toBe(true);
  });

  it('reads a Chinese or Japanese statement without a subject as the user speaking', () => {
    const known = [{ id: 1, text: '用户住在重庆' }];
    expect(userReadings('上个月搬到了成都').flatMap((reading) => findSuperseded(reading, known))).toEqual([1]);
    const japanese = [{ id: 2, text: 'ユーザーは札幌に住んでいる' }];
    expect(userReadings('先月福岡に引っ越しました').flatMap((reading) => findSuperseded(reading, japanese))).toEqual([
      2,
    ]);
    expect(userReadings('I moved to Porto')).toEqual(['I moved to Porto']);
    expect(userReadings('妹妹上个月搬到了成都').flatMap((reading) => findSuperseded(reading, known))).toEqual([]);
  });

  it('replaces on "no longer", 不再, やめた', () => {
    expect(replaces('User no longer uses Emacs', "User's editor is Emacs")).toBe(true);
    expect(replaces('用户不再用 Emacs 了', '用户用 Emacs 写代码')).toBe(true);
    expect(replaces('ユーザーはEmacsをやめた', 'ユーザーはEmacsを使っている')).toBe(true);
  });

  it('never replaces on a qualified statement', () => {
    expect(replaces('User sometimes uses yarn', 'User uses npm')).toBe(false);
    expect(replaces('User uses yarn for this project only', 'User uses npm')).toBe(false);
    expect(replaces('User may move to Porto', 'User lives in Madrid')).toBe(false);
    expect(replaces('用户有时用 yarn', '用户用 npm')).toBe(false);
    expect(replaces('用户可能不再用 Emacs', '用户用 Emacs')).toBe(false);
    expect(replaces('ユーザーはたまにyarnを使う', 'ユーザーはnpmを使っている')).toBe(false);
    expect(replaces('ユーザーはEmacsをやめたい', 'ユーザーはEmacsを使っている')).toBe(false);
  });

  it('gives search cues for a replaced fact that shares no word with the statement', () => {
    expect(supersedeCues('User stopped using Emacs')).toContain('Emacs');
    expect(supersedeCues('用户搬到了成都')).toContain('住在');
    expect(supersedeCues('User likes hiking')).toBeNull();
  });
});

describe('messageStatements', () => {
  it('reads the statements of a message, openers removed, with their comma clauses', () => {
    expect(messageStatements('Update: I moved to Porto. Also, thanks!')).toContain('I moved to Porto');
    expect(messageStatements("Honestly I've quit Twitter, I read Mastodon now.")).toContain("I've quit Twitter");
    expect(messageStatements('我不再玩原神了，现在玩星穹铁道。')).toContain('我不再玩原神了');
    expect(messageStatements('Twitterはやめて、今はMastodonを見ています。')).toContain('Twitterはやめて');
  });

  it('keeps a dropping clause inside its sentence when another clause qualifies it', () => {
    expect(messageStatements("If it rains, I've stopped cycling")).not.toContain("I've stopped cycling");
    expect(messageStatements('周末的时候，我不再喝啤酒')).not.toContain('我不再喝啤酒');
    expect(messageStatements('たまに、コーヒーをやめて')).not.toContain('コーヒーをやめて');
    expect(messageStatements('On weekends, I use Vim')).not.toContain('I use Vim');
    expect(messageStatements('如果下雨，我改用 yarn')).not.toContain('我改用 yarn');
  });
});
