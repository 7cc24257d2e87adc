import { describe, expect, it } from 'vitest';
import { isEphemeral } from './is-ephemeral.js';

describe('isEphemeral', () => {
  it.each([
    'I am tired today',
    "I'm on the train right now",
    'I just now pushed it',
    'We use a workaround for this error',
    'I am using Node 18 for now',
    'It crashed a few minutes ago',
    '我今天用的是 Windows',
    '我现在在用 Windows',
    '刚才这个错误又出现了',
    '暂时用 npm',
    '今日はWindowsを使っています',
    'さっきエラーが出ました',
    'このエラーは無視してください',
  ])('is true for %j', (sentence) => {
    expect(isEphemeral(sentence)).toBe(true);
  });

  it.each([
    'I prefer pnpm',
    'We deploy to Cloudflare Workers',
    'From now on, use tabs',
    'We now use pnpm',
    '从现在开始都用 pnpm',
    '從現在起都用 pnpm',
    '我们用 pnpm',
    '今後はpnpmを使います',
    'うちのチームはpnpmを使っています',
  ])('is false for %j', (sentence) => {
    expect(isEphemeral(sentence)).toBe(false);
  });
});
