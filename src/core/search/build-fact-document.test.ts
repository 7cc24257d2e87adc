import { describe, expect, it } from 'vitest';
import { buildFactDocument } from './build-fact-document.js';

const at = new Date('2026-05-08T10:00:00Z');
const fact = { text: "Maria's new pup is called Shadow", context: 'We adopted her last week from the shelter', at };

describe('buildFactDocument with search keywords', () => {
  it('builds the same document as before when a fact has none', () => {
    const before = buildFactDocument(fact);
    expect(buildFactDocument({ ...fact, keywords: null })).toEqual(before);
    expect(buildFactDocument({ ...fact, keywords: '' })).toEqual(before);
    expect(before.words.context).not.toContain('dog');
  });

  it("adds the keywords' tokens to the context field, stemmed as the rest, less those the text has", () => {
    const plain = buildFactDocument(fact);
    const document = buildFactDocument({ ...fact, keywords: 'puppies\ndog\nShadow\npet' });
    expect(document.words.text).toBe(plain.words.text);
    expect(document.words.dated).toBe(plain.words.dated);
    expect(document.words.context).toBe(`${plain.words.context} puppi dog pet`);
    expect(document.grams).toEqual(plain.grams);
  });

  it("adds Chinese keywords' bigrams to the context grams, less those the text has", () => {
    const chinese = { text: '玛丽的小狗叫影子', at };
    const document = buildFactDocument({ ...chinese, keywords: '小狗\n宠物' });
    expect(document.grams.text).toBe(buildFactDocument(chinese).grams.text);
    expect(document.grams.context).toBe('狗 宠物 物');
  });
});
