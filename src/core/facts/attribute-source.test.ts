import { describe, expect, it } from 'vitest';
import { attributeSource } from './attribute-source.js';

describe('attributeSource', () => {
  it("gives a fact to the user when its words are the user's, even when the reply repeats them", () => {
    const exchange = { user: 'We deploy everything with Terraform.', reply: 'Noted: you deploy with Terraform.' };
    expect(attributeSource('User deploys with Terraform', exchange)).toBe('user');
  });

  it('gives a fact to the reply when only the reply says it (a tool output, a web page)', () => {
    const exchange = {
      user: 'What does the README of that repository say?',
      reply: 'The README says: the maintainers recommend Bun 1.2 and require a Postgres 16 server.',
    };
    expect(attributeSource('The project requires a Postgres 16 server', exchange)).toBe('reply');
  });

  it('reads Chinese and Japanese by character bigrams', () => {
    expect(attributeSource('用户使用 pnpm 管理依赖', { user: '我们用 pnpm 管理依赖。', reply: '好的。' })).toBe('user');
    expect(
      attributeSource('プロジェクトは Rust で書かれている', {
        user: 'このページを要約して',
        reply: 'このプロジェクトは Rust で書かれていると書いてあります。',
      }),
    ).toBe('reply');
  });

  it('gives a fact without content words to the user', () => {
    expect(attributeSource('...', { user: 'a', reply: 'b' })).toBe('user');
  });

  it('with ownWords (others take part), gives the user only what is mostly in their own message', () => {
    const exchange = {
      user: 'What should we order for lunch?',
      reply: 'Since Alice is allergic to peanuts, avoid Thai.',
    };
    // Not in either text: shown to the extractor by the pin or the thread, another participant's words.
    expect(attributeSource('User is vegan', exchange)).toBe('user');
    expect(attributeSource('User is vegan', exchange, { ownWords: true })).toBe('reply');
    expect(attributeSource('Alice is allergic to peanuts', exchange, { ownWords: true })).toBe('reply');
    expect(
      attributeSource(
        'User is vegetarian',
        { user: "I'm vegetarian, by the way.", reply: 'Noted.' },
        { ownWords: true },
      ),
    ).toBe('user');
  });
});
