import { describe, expect, it } from 'vitest';
import { countPromptTokens } from './count-prompt-tokens.js';

/** One token per character, so that the counts below are the lengths of the texts. */
const countCharacters = (text: string) => text.length;

describe('countPromptTokens', () => {
  it('counts each part, adds the history tokens given, and totals them', () => {
    const parts = {
      system: 'sys-prompt', // 10
      pin: 'pin', // 3
      summary: 'summary', // 7
      recap: 'recap', // 5
      facts: 'fact', // 4
      recalled: 'recalled', // 8
      history: ['ignored: the caller counts history'],
      message: 'hello world', // 11
    };
    expect(countPromptTokens(parts, 52, countCharacters)).toEqual({
      system: 10,
      pin: 3,
      summary: 7,
      recap: 5,
      facts: 4,
      recalled: 8,
      history: 52,
      message: 11,
      total: 100,
      // (3 + 7 + 5 + 4 + 8) / 100
      memoryShare: 0.27,
    });
  });

  it('counts an empty part as what the counter says for the empty text', () => {
    const parts = { system: '', pin: '', summary: '', recap: '', facts: '', recalled: '', history: [], message: 'hi' };
    expect(countPromptTokens(parts, 0, countCharacters)).toEqual({
      system: 0,
      pin: 0,
      summary: 0,
      recap: 0,
      facts: 0,
      recalled: 0,
      history: 0,
      message: 2,
      total: 2,
      memoryShare: 0,
    });
  });

  it('reports a memory share of 0, not NaN, when everything is empty', () => {
    const parts = { system: '', pin: '', summary: '', recap: '', facts: '', recalled: '', history: [], message: '' };
    expect(countPromptTokens(parts, 0, countCharacters)).toMatchObject({ total: 0, memoryShare: 0 });
  });

  it('reports a memory share of 1 when only memory parts have tokens', () => {
    const parts = {
      system: '',
      pin: 'ab',
      summary: '',
      recap: 'c',
      facts: 'd',
      recalled: 'e',
      history: [],
      message: '',
    };
    expect(countPromptTokens(parts, 0, countCharacters)).toMatchObject({ total: 5, memoryShare: 1 });
  });

  it('calls the counter once per counted part', () => {
    const counted: string[] = [];
    const parts = {
      system: 's',
      pin: 'p',
      summary: 'u',
      recap: 'r',
      facts: 'f',
      recalled: 'e',
      history: ['h1', 'h2'],
      message: 'm',
    };
    countPromptTokens(parts, 5, (text) => {
      counted.push(text);
      return 1;
    });
    expect(counted.sort()).toEqual(['e', 'f', 'm', 'p', 'r', 's', 'u']);
  });
});
