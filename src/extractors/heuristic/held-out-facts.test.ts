import { describe, expect, it } from 'vitest';
import { extractFacts } from './extract-facts.js';

// Sentences written for these tests, none of them in test/fixtures/extraction-set.json: the rules must hold on what
// people say, not on the bench's sentences.
const options = { maxFacts: 4 };

describe('extractFacts on sentences outside the bench set', () => {
  it.each([
    ['I live in Lisbon and I work as a nurse.', ['User lives in Lisbon', 'User works as a nurse']],
    ['We moved to Toronto two years ago.', ["User's family moved to Toronto"]],
    ['I work for a small startup in Austin, by the way.', ['User works for a small startup in Austin']],
    ['My husband Tom is a teacher.', ["User's husband Tom is a teacher"]],
    [
      'I have a daughter named Lily and a son named Max.',
      ['User has a daughter named Lily', 'User has a son named Max'],
    ],
    ["I'm allergic to cats.", ['User is allergic to cats']],
    ["I'm a software engineer.", ['User is a software engineer']],
    ['I go swimming every Tuesday.', ['User goes swimming every Tuesday']],
    ["I'm learning Spanish.", ['User is learning Spanish']],
    ['My goal is to run a half marathon.', ["User's goal is to run a half marathon"]],
    ['We switched from Jest to Vitest last month.', ["User's team switched from Jest to Vitest"]],
    ['I no longer drink alcohol.', ['User no longer drinks alcohol']],
    [
      'We use Docker for local dev and Kubernetes in production.',
      ["User's team uses Docker for local dev", "User's team uses Kubernetes in production"],
    ],
    [
      'Our frontend is built with Svelte and the backend in Rust.',
      ["User's frontend is built with Svelte", "User's backend is built with Rust"],
    ],
    ["I'm on Ubuntu 22.04 and use fish.", ['User uses Ubuntu 22.04', 'User uses fish']],
    ['I usually get up at 7 and feed my cats.', ['User usually gets up at 7', 'User feeds their cats']],
    [
      'My sister lives in Seoul and I call her every Sunday.',
      ["User's sister lives in Seoul", 'User calls their sister every Sunday'],
    ],
    ['Call me Alex.', ['User wants to be called Alex']],
    ["My dog's name is Rex.", ["User's dog is named Rex"]],
    ["I don't eat meat.", ["User doesn't eat meat"]],
    ['I started working at Initech last year.', ['User works at Initech']],
    ['I no longer use Vim; I switched to Helix.', ['User switched from Vim to Helix']],
  ])('English: %j', (sentence, facts) => {
    expect(extractFacts(sentence, options)).toEqual(facts);
  });

  it.each([
    ['我住在杭州，在阿里巴巴上班。', ['用户住在杭州', '用户在阿里巴巴上班']],
    ['我是一名程序员。', ['用户是一名程序员']],
    ['我有两个孩子。', ['用户有两个孩子']],
    ['我养了一条狗，叫旺财。', ['用户养了一条叫旺财的狗']],
    ['我老公在银行工作。', ['用户的丈夫在银行工作']],
    ['我每周末都去打网球。', ['用户每周末都去打网球']],
    ['我正在学吉他。', ['用户正在学吉他']],
    ['我的目标是今年减肥十斤。', ['用户的目标是今年减肥十斤']],
    ['我们团队改用 Go 了。', ['用户的团队改用 Go']],
    ['我不喝酒。', ['用户不喝酒']],
    ['我对花粉过敏。', ['用户对花粉过敏']],
    ['我妈妈住在广州。', ['用户的妈妈住在广州']],
    ['我们用 React 写前端，后端用的是 Java。', ['用户的团队用 React 写前端', '用户的团队后端用的是 Java']],
    ['其实我更喜欢用 Vim。', ['用户更喜欢用 Vim']],
    ['我在一家学校当老师。', ['用户在一家学校当老师']],
    ['我们搬到了深圳。', ['用户家搬到了深圳']],
    ['我已经不用 Windows 了，现在用 Linux。', ['用户用 Linux']],
  ])('Chinese: %j', (sentence, facts) => {
    expect(extractFacts(sentence, options)).toEqual(facts);
  });

  it.each([
    ['大阪に住んでいます。', ['ユーザーは大阪に住んでいます']],
    [
      '私は横浜に住んでいて、IT企業で働いています。',
      ['ユーザーは横浜に住んでいます', 'ユーザーはIT企業で働いています'],
    ],
    ['犬を一匹飼っています。', ['ユーザーは犬を一匹飼っています']],
    ['花粉アレルギーがあります。', ['ユーザーは花粉アレルギーがあります']],
    ['エンジニアです。', ['ユーザーはエンジニアです']],
    ['毎週土曜日はテニスをしています。', ['ユーザーは毎週土曜日にテニスをしています']],
    ['夫は銀行で働いています。', ['ユーザーの夫は銀行で働いています']],
    ['英語を勉強しています。', ['ユーザーは英語を勉強しています']],
    ['TOEICで800点を取るのが目標です。', ['ユーザーの目標はTOEICで800点を取ることです']],
    ['納豆は苦手です。', ['ユーザーは納豆が苦手です']],
    ['先週、福岡に引っ越しました。', ['ユーザーは福岡に引っ越しました']],
    ['Jestはやめて、Vitestに移行しました。', ['ユーザーはVitestに移行しました']],
    ['娘の名前は花子です。', ['ユーザーの娘の名前は花子です']],
    ['毎朝6時に起きています。', ['ユーザーは毎朝6時に起きています']],
    ['ドキュメントはMarkdownで書いています。', ['ユーザーはMarkdownでドキュメントを書いています']],
  ])('Japanese: %j', (sentence, facts) => {
    expect(extractFacts(sentence, options)).toEqual(facts);
  });

  it.each([
    'I will call you on Monday.',
    'Remind me to call my mom every Sunday.',
    'Can you help me plan a trip for my wife?',
    'My mom says hi.',
    'I have a question about React.',
    'I have a bug in my parser.',
    "I'm a little confused.",
    "I'm a bit tired.",
    'I live for moments like this!',
    'I moved the file to src/utils.',
    'I switched to the other branch.',
    "I'm learning a lot from this conversation.",
    'Please call me back.',
    "I'm thinking about moving to Spain.",
    'If I moved to Rome, would I need a visa?',
    'I walked my dog this morning.',
    'He lives in Paris.',
    'My friend thinks I should move.',
    '我周五要去北京开会。',
    '我有个问题。',
    '我有一个想法。',
    '我妈说你好。',
    '我在学校门口等你。',
    '他住在上海。',
    '我今天很累。',
    '我想去日本旅游。',
    '如果我搬到北京，会不会更好？',
    '帮我查一下我女儿的学校。',
    '日曜日に友達と会います。',
    '質問があります。',
    '今、東京にいます。',
    '友達は大阪に住んでいます。',
    '彼は東京で働いています。',
    '京都に行きたいです。',
    '本番はAWSで動いていますか？',
    '妻に聞いてみます。',
  ])('keeps nothing of %j', (sentence) => {
    expect(extractFacts(sentence, options)).toEqual([]);
  });
});
