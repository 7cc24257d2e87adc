import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractFacts } from './extract-facts.js';

const options = { maxFacts: 4 };

describe('extractFacts', () => {
  it('extracts preferences, decisions, constraints and environment in English, in third person', () => {
    expect(
      extractFacts(
        'I prefer pnpm over npm. Our stack is React + Vite. We decided to use Postgres. Never commit to main.',
        options,
      ),
    ).toEqual([
      'User prefers pnpm over npm',
      "User's stack is React + Vite",
      "User's team decided to use Postgres",
      'Never commit to main',
    ]);
  });

  it('extracts facts in Simplified Chinese, in Chinese', () => {
    expect(extractFacts('我偏好使用 pnpm。我们的服务部署在 Cloudflare Workers 上。就用方案C吧。', options)).toEqual([
      '用户偏好使用 pnpm',
      '用户的服务部署在 Cloudflare Workers 上',
      '就用方案C吧',
    ]);
  });

  it('extracts facts in Traditional Chinese, in Traditional Chinese', () => {
    expect(extractFacts('我偏好使用 pnpm 管理套件。我們的專案是用 Go 寫的。', options)).toEqual([
      '用戶偏好使用 pnpm 管理套件',
      '用戶的專案是用 Go 寫的',
    ]);
  });

  it('extracts facts in Japanese, in Japanese', () => {
    expect(extractFacts('私はTypeScriptが好きです。うちのチームはpnpmを使っています。', options)).toEqual([
      'ユーザーはTypeScriptが好きです',
      'ユーザーのチームはpnpmを使っています',
    ]);
  });

  it('skips ephemeral detail, questions, hypotheses and requests', () => {
    expect(
      extractFacts(
        'Today I use Windows. Do you prefer tabs? If we used yarn, would it be faster? Help me fix this error. I use Node 20.',
        options,
      ),
    ).toEqual(['User uses Node 20']);
    expect(extractFacts('我今天用的是 Windows。你喜欢 tabs 吗？如果我们用 yarn 会更快吗？', options)).toEqual([]);
    expect(extractFacts('今日はWindowsを使っています。このエラーを直してください。', options)).toEqual([]);
  });

  it.each(['hi', 'thanks!', 'ok, got it', '好的，谢谢', 'ありがとう', '👍', 'lol'])(
    'finds nothing in small talk %j',
    (text) => {
      expect(extractFacts(text, options)).toEqual([]);
    },
  );

  it('never returns more than the maximum, nor duplicates', () => {
    const text =
      'I prefer pnpm. I prefer pnpm! I like tabs. I use Node 20. I am on macOS. We deploy to Fly.io. I hate YAML.';
    expect(extractFacts(text, options)).toEqual([
      'User prefers pnpm',
      'User likes tabs',
      'User uses Node 20',
      'User is on macOS',
    ]);
    expect(extractFacts(text, { maxFacts: 2 })).toHaveLength(2);
    expect(extractFacts(text, { maxFacts: 0 })).toEqual([]);
  });

  it('reads the fact after an aside opener', () => {
    expect(extractFacts("Thanks! That worked. By the way, I'm on Windows 11 and use PowerShell.", options)).toEqual([
      'User uses Windows 11',
      'User uses PowerShell',
    ]);
    expect(extractFacts('对了，我们用 pnpm。', options)).toEqual(['用户的团队用 pnpm']);
    expect(extractFacts('ちなみに、私はVimが好きです。', options)).toEqual(['ユーザーはVimが好きです']);
  });

  it('strips sender metadata and list markup, and ignores code blocks', () => {
    expect(
      extractFacts('[sender_id: 42] Our setup:\n- I use Neovim\n```\nI prefer nothing here\n```', options),
    ).toEqual(['User uses Neovim']);
  });

  it('never returns more than four facts, and never an empty one', () => {
    const sentences = fc.constantFrom(
      'I prefer pnpm.',
      'I like tabs.',
      'We use Go.',
      '我偏好使用 vim。',
      '私はRustが好きです。',
      'hi!',
      'Today I use Windows.',
      'Never push to main.',
      '\n',
    );
    fc.assert(
      fc.property(fc.array(sentences, { maxLength: 20 }), (parts) => {
        const facts = extractFacts(parts.join(' '), options);
        expect(facts.length).toBeLessThanOrEqual(4);
        for (const fact of facts) expect(fact.trim()).not.toBe('');
        expect(new Set(facts).size).toBe(facts.length);
      }),
    );
  });
});
