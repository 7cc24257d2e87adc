import { describe, expect, it } from 'vitest';
import { restateClause } from './restate-clause.js';

describe('restateClause', () => {
  it.each([
    ['神戸に住んでいます', 'personal', '私は神戸に住んでいます'],
    ['兄は大阪で働いています', 'personal', '私の兄は大阪で働いています'],
    ['ペットの猫の名前はタマです', 'personal', '私の猫の名前はタマです'],
    ['日曜日は教会に行きます', 'schedule', '私は日曜日に教会に行きます'],
    ['セロリは嫌いです', 'preference', '私はセロリが嫌いです'],
    ['フルマラソンを完走するのが目標です', 'goal', '私の目標はフルマラソンを完走することです'],
    ['設計書はFigmaで作っています', 'environment', '私はFigmaで設計書を作っています'],
    ['金曜日はデプロイしないルールです', 'rule', '金曜日はデプロイしない'],
    ['私たちは札幌に住んでいます', 'personal', '私の家族は札幌に住んでいます'],
    ['僕はPythonを使っています', 'environment', '僕はPythonを使っています'],
    ['我老公是医生', 'personal', '我的丈夫是医生'],
    ['我儿子在读初中', 'personal', '我的儿子在读初中'],
    ['我们搬到了厦门', 'personal', '我家搬到了厦门'],
    ['我们养了一只狗', 'personal', '我养了一只狗'],
    ["My brother's name is Luca", 'personal', 'my brother is named Luca'],
    ['Call me Jo', 'personal', 'I want to be called Jo'],
    ['I got a job at Umbrella', 'personal', 'I work at Umbrella'],
    ["We're on Ruby 3.3", 'environment', 'We use Ruby 3.3'],
    ['We live in Porto', 'personal', 'my family lives in Porto'],
    ['We have two rabbits', 'personal', 'my family has two rabbits'],
    ['The web app runs on Vercel', 'environment', 'my web app runs on Vercel'],
    ['The budget is $500', 'constraint', 'The budget is $500'],
  ] as const)('%j (%s) → %j', (clause, kind, expected) => {
    expect(restateClause(clause, kind)).toBe(expected);
  });

  it('gives no statement when a Japanese topic may be someone else', () => {
    expect(restateClause('彼はRustで書いています', 'environment')).toBeNull();
    expect(restateClause('同僚はWindowsで開発しています', 'environment')).toBeNull();
  });

  it('gives a part of the project named by a tool to the team', () => {
    expect(restateClause('デプロイはCIでFly.ioに出しています', 'environment')).toBe(
      '私たちのデプロイはCIでFly.ioに出しています',
    );
    expect(restateClause('認証はKeycloakです', 'environment')).toBe('私たちの認証はKeycloakです');
  });
});
