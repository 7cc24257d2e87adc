import { describe, expect, it } from 'vitest';
import { extractFacts } from './extract-facts.js';

const options = { maxFacts: 4 };

// Sentences written for the mechanisms, in wordings no rule was written against: a chatty clause without its
// subject, a comma that ends a clause, a durable state told as "I'm …", the course of a life told in the past.
describe('extractFacts on new wording (English)', () => {
  it.each([
    ['grew up near Porto, been in Lyon since 2019', ['User grew up near Porto', 'User has been in Lyon since 2019']],
    [
      'Starting at Airbus in March, on the avionics team',
      ['User is starting at Airbus in March, on the avionics team'],
    ],
    ['my dog Biscuit chewed through the charger again 😩', ['User has a dog named Biscuit']],
    ["I'm celiac so go easy on the bread suggestions", ['User is celiac']],
    ['My parents are so proud of the new house', ["User's parents are so proud of the new house"]],
    ["I'm allergic to shellfish, in case it matters", ['User is allergic to shellfish']],
    ['We are a Django shop. Write me a view for the login page.', ["User's team is a Django shop"]],
    ['tbh I quit smoking in 2021', ['User quit smoking in 2021']],
    ['I just joined a rowing club', ['User just joined a rowing club']],
    [
      'I like sailing, baking, board games, and birdwatching',
      ['User likes sailing, baking, board games, and birdwatching'],
    ],
    ["I'm a paramedic, four nights a week", ['User is a paramedic']],
    [
      "we dropped Jenkins for Buildkite, it's all Buildkite now",
      ["User's team dropped Jenkins for Buildkite", "User's team uses Buildkite"],
    ],
    ["I'm with Siemens as a field engineer", ['User is with Siemens as a field engineer']],
    ['my son Theo just started secondary school', ["User's son Theo just started secondary school"]],
  ])('%j', (message, facts) => {
    expect(extractFacts(message, options)).toEqual(facts);
  });

  it('keeps an imperative and a passing event out', () => {
    for (const message of [
      'Used the wrong branch, can you redo it?',
      'visited my aunt last weekend, it was lovely',
      "it's all good, thanks",
      'dont give me Windows instructions, just the Linux ones',
      'refactored the parser, now the tests pass',
      'Nope, never been to one of those',
    ])
      expect(extractFacts(message, options)).toEqual([]);
  });
});

describe('extractFacts on new wording (Chinese)', () => {
  it.each([
    ['已经从美团离职了，现在在京东做搜索', ['用户在京东做搜索']],
    ['后端 Django 4，代码放在 Gitee', ['用户的后端 Django 4', '用户的代码放在 Gitee']],
    ['家里养了一只布偶猫叫年糕', ['用户家养了一只叫年糕的布偶猫']],
    ['我是路痴，导航请说得详细一点', ['用户是路痴']],
    ['我对花粉不耐受', ['用户对花粉不耐受']],
    ['我主要负责财务报表', ['用户主要负责财务报表']],
    ['我们组统一用 Go 写后端', ['用户的团队统一用 Go 写后端']],
    ['我们家养了两只鹦鹉和一只龙猫', ['用户家养了两只鹦鹉和一只龙猫']],
    ['我学的是土木工程，现在做监理', ['用户学的是土木工程']],
    ['我终于搬到郊区了', ['用户终于搬到郊区']],
  ])('%j', (message, facts) => {
    expect(extractFacts(message, options)).toEqual(facts);
  });

  it('gives an order no subject, and keeps a passing remark out', () => {
    for (const message of [
      '用 Python 写一个爬虫，从豆瓣读电影评分',
      '我是说第二个方案',
      '现在我必须走了，下次再聊',
      '我是认真的',
      '我在考虑换工作',
      '我在开会',
      '算了 我自己搞定了',
    ])
      expect(extractFacts(message, options)).toEqual([]);
  });
});

describe('extractFacts on new wording (Japanese)', () => {
  it.each([
    ['ピアノ教室やってます', ['ユーザーはピアノ教室やっています']],
    ['花粉症持ちなので、外の予定は少なめでお願いします', ['ユーザーは花粉症持ちです']],
    ['去年名古屋に引っ越しました', ['ユーザーは名古屋に引っ越しました']],
    ['タバコはもうやめました', ['ユーザーはタバコをもうやめました']],
    ['バックエンドはDjango、DBはMySQLです', ['ユーザーのバックエンドはDjango', 'ユーザーのDBはMySQLです']],
    ['自転車はやめて、電車で通っています', ['ユーザーは電車で通っています']],
    ['車は持ってないです', ['ユーザーは車を持っていない']],
    ['ブラウザ、Firefoxに乗り換えました…快適', ['ユーザーはFirefoxを使っています']],
    ['監視はぜんぶDatadogに移しました', ['ユーザーのチームはDatadogを使っています']],
  ])('%j', (message, facts) => {
    expect(extractFacts(message, options)).toEqual(facts);
  });

  it("keeps a colleague's tools and a passing remark out", () => {
    for (const message of [
      '同僚はVimを使っています',
      '横浜から来ました、よろしくお願いします',
      '疲れたなー',
      '今それやってます',
    ])
      expect(extractFacts(message, options)).toEqual([]);
  });
});

describe('extractFacts on new wording (Spanish)', () => {
  it.each([
    ['me muevo en moto por la ciudad', ['Usuario se mueve en moto por la ciudad']],
    ['sigo en Valparaíso, eso sí', ['Usuario sigue en Valparaíso']],
    ['Desde 2019 soy vegetariana', ['Usuario es vegetariana desde 2019']],
    ['Desde hace dos años soy vegetariana', ['Usuario es vegetariana']],
    ['llevo la tienda de mi madre 😊 me encanta', ['Usuario lleva la tienda de su madre', 'Al usuario le encanta']],
    ['ya no corro desde que me lesioné la rodilla', ['Usuario ya no corre']],
  ])('%j', (message, facts) => {
    expect(extractFacts(message, options)).toEqual(facts);
  });

  it('keeps a need, a duty, a mood, a third person and an unrewritable first person out', () => {
    for (const message of [
      'necesito una receta sin gluten para esta noche',
      'tengo que llamar al banco',
      'estoy cansada de este proyecto',
      'me convenció mi hermano',
      'mi tía vive conmigo',
      'tengo una duda sobre el contrato',
      'estoy en el aeropuerto esperando el vuelo',
    ])
      expect(extractFacts(message, options)).toEqual([]);
  });
});
