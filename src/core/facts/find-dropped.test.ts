import { describe, expect, it } from 'vitest';
import { factSubject, findDropped, readDrop } from './find-dropped.js';

const drops = (statement: string, known: string): boolean =>
  findDropped(statement, [{ id: 1, text: known }]).includes(1);

describe('readDrop', () => {
  it.each([
    ['User no longer uses Sublime Text', 'Sublime Text'],
    ["We've stopped using Travis CI", 'Travis CI'],
    ["I don't drink soda anymore", 'soda'],
    ['The team ditched Gulp for npm scripts', 'Gulp'],
    ['用户不再玩原神了', '原神'],
    ['我们已经弃用 Gulp 了', 'Gulp'],
    ['我去年从阿里巴巴离职了', null],
    ['我已经从阿里巴巴离职', '阿里巴巴'],
    ['タバコはもうやめました', 'タバコ'],
    ['ユーザーはTwitterをやめた', 'Twitter'],
    ['Slackはもう使っていません', 'Slack'],
  ])('%j drops %j', (statement, value) => {
    expect(readDrop(statement)?.value ?? null).toBe(value);
  });

  it.each([
    'User might stop using Gulp',
    'User no longer uses Gulp at work',
    'I stopped it',
    'User sometimes no longer drinks tea',
    '我可能不再用 Gulp 了',
    '周末我不再喝啤酒',
    'タバコをやめたいです',
    'Gulpをやめるかもしれません',
  ])('reads no plain drop in %j', (statement) => {
    expect(readDrop(statement)).toBeNull();
  });
});

describe('findDropped', () => {
  it('replaces the plain facts that name what the subject stopped, in every language', () => {
    expect(drops('User no longer uses Sublime Text', 'User codes in Sublime Text')).toBe(true);
    expect(drops('User gave up soda', 'User drinks soda with lunch')).toBe(true);
    expect(drops('用户不再玩原神了', '用户喜欢玩原神')).toBe(true);
    expect(drops('ユーザーはTwitterをやめた', 'ユーザーはTwitterをよく見ています')).toBe(true);
  });

  it('ends only where the subject lives or works when they leave a place or an employer', () => {
    expect(drops('I left Lisbon for good', 'User lives in Lisbon')).toBe(true);
    expect(drops('I left Lisbon for good', 'User loves Lisbon')).toBe(false);
    expect(drops('我已经从网易离职', '用户在网易工作')).toBe(true);
    expect(drops('我已经从网易离职', '用户喜欢网易的游戏')).toBe(false);
    expect(drops('任天堂を辞めた', 'ユーザーは任天堂で働いています')).toBe(true);
    expect(drops('任天堂を辞めた', 'ユーザーは任天堂のゲームが好き')).toBe(false);
  });

  it('keeps facts about someone else, qualified facts, and facts naming a longer word', () => {
    expect(drops('User no longer uses Sublime Text', "User's sister uses Sublime Text")).toBe(false);
    expect(drops('User gave up soda', 'User drinks soda and juice')).toBe(false);
    expect(drops('User gave up soda', 'User sometimes drinks soda')).toBe(false);
    expect(drops('User stopped using Go', 'User uses Google Docs')).toBe(false);
    expect(drops('用户不再玩原神了', '用户的朋友喜欢玩原神')).toBe(false);
  });
});

describe('factSubject', () => {
  it('reads whose fact it is', () => {
    expect(factSubject("User's laptop is a ThinkPad")).toBe('self');
    expect(factSubject("User's brother lives in Oslo")).toBe("name:user's brother");
    expect(factSubject('Maria teaches piano')).toBe('name:maria');
    expect(factSubject('用户的老板住在深圳')).toBe('name:用户的老板');
    expect(factSubject('我们的团队用 Gulp')).toBe('self');
    expect(factSubject('ユーザーの妹は大阪に住んでいる')).toBe('name:ユーザーの妹');
  });
});
