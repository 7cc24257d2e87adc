import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitClauses } from './split-clauses.js';

describe('splitClauses', () => {
  it.each([
    ['I live in Oslo and I work at a museum', ['I live in Oslo', 'I work at a museum']],
    ['I teach yoga; we run a small studio', ['I teach yoga', 'we run a small studio']],
    ["I'm learning Korean, my goal is to visit Busan", ["I'm learning Korean", 'my goal is to visit Busan']],
    ['I wake up at 5 and walk my dog', ['I wake up at 5', 'I walk my dog']],
    ['I get up early and water my plants', ['I get up early', 'I water my plants']],
    ['We host the API on Render and the docs on Netlify', ['We host the API on Render', 'We host the docs on Netlify']],
    [
      'Our API is written in Kotlin and the app in Swift',
      ['Our API is written in Kotlin', 'Our app is written in Swift'],
    ],
    ['We use Redis for caching and Kafka for events', ['We use Redis for caching', 'We use Kafka for events']],
    ['I have a sister and two nephews', ['I have a sister', 'I have two nephews']],
    ['My dad lives in Cork and I phone him on Sundays', ['My dad lives in Cork', 'I phone my dad on Sundays']],
    ['I no longer use Atom; I switched to Zed', ['I switched from Atom to Zed']],
    ['I go running every Monday and Friday', ['I go running every Monday and Friday']],
    ['I use React and TypeScript', ['I use React and TypeScript']],
  ])('English %j', (sentence, clauses) => {
    expect(splitClauses(sentence)).toEqual(clauses);
  });

  it.each([
    ['我住在西安，在一家医院上班', ['我住在西安', '我在一家医院上班']],
    ['我学过法语，目标是去巴黎留学', ['我学过法语', '我的目标是去巴黎留学']],
    ['我们用 Vue，部署用的是 Vercel', ['我们用 Vue', '我们部署用的是 Vercel']],
    ['我有一只兔子，叫雪球', ['我有一只叫雪球的兔子']],
    ['需要，我们在用这个接口', ['需要', '我们在用这个接口']],
    ['我喜欢咖啡，他喜欢茶', ['我喜欢咖啡', '他喜欢茶']],
  ])('Chinese %j', (sentence, clauses) => {
    expect(splitClauses(sentence)).toEqual(clauses);
  });

  it.each([
    ['札幌に住んでいて、病院で働いています', ['札幌に住んでいます', '病院で働いています']],
    ['Rubyはやめて、Goを使っています', ['Rubyはやめて', 'Goを使っています']],
    ['朝起きてジョギングしています', ['朝起きてジョギングしています']],
  ])('Japanese %j', (sentence, clauses) => {
    expect(splitClauses(sentence)).toEqual(clauses);
  });

  it('leaves a sentence too long to be a fact whole, and never returns an empty clause', () => {
    const long = `I live in Paris and I work at Acme ${'and I walk my dog '.repeat(20)}`;
    expect(splitClauses(long)).toEqual([long]);
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom('I ', 'we ', 'and ', 'my ', ', ', '; ', 'use ', 'the ', 'in ', 'X ', '，', '我', 'て、'),
          {
            maxLength: 60,
          },
        ),
        (parts) => {
          for (const clause of splitClauses(parts.join(''))) expect(clause.trim()).not.toBe('');
        },
      ),
    );
  });
});
