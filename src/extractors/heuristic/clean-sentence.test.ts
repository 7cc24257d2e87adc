import { describe, expect, it } from 'vitest';
import { cleanSentence } from './clean-sentence.js';

describe('cleanSentence', () => {
  it.each([
    ['- keep the tests', 'keep the tests'],
    ['* keep the tests', 'keep the tests'],
    ['• 保留测试', '保留测试'],
    ['1. Install deps', 'Install deps'],
    ['2) Run tests', 'Run tests'],
    ['3、保留测试', '保留测试'],
    ['（4）保留测试', '保留测试'],
    ['## Goal', 'Goal'],
    ['> quoted text', 'quoted text'],
    ['**use pnpm**', 'use pnpm'],
    ['  use   pnpm \t now ', 'use pnpm now'],
  ])('cleans %j', (sentence, clean) => {
    expect(cleanSentence(sentence)).toBe(clean);
  });

  it('keeps markup that is part of the sentence', () => {
    expect(cleanSentence('-5 degrees is cold')).toBe('-5 degrees is cold');
    expect(cleanSentence('Node 20.1 is fine')).toBe('Node 20.1 is fine');
    expect(cleanSentence('use **pnpm**, not npm')).toBe('use **pnpm**, not npm');
  });
});
