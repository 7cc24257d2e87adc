import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stripSenderMetadata } from './strip-sender-metadata.js';

describe('stripSenderMetadata', () => {
  it.each([
    ['[sender_id: 12345] Help me migrate to Vite', 'Help me migrate to Vite'],
    ['[sender: Alice] use pnpm', 'use pnpm'],
    ['[from: bob@x.com] hi', 'hi'],
    ['[user_id=42] keep the tests', 'keep the tests'],
    ['[channel: #general] [message_id: 9] deploy it', 'deploy it'],
    ['[timestamp: 2026-01-01T10:00Z] ok', 'ok'],
    ['[2026-01-02 10:03] check the logs', 'check the logs'],
    ['[2026-01-02T10:03:22.120Z] check', 'check'],
    ['[10:03 PM] check', 'check'],
    ['[Sender ID: 7][Reply-To: 3] fine', 'fine'],
    ['<@123456> can you help?', 'can you help?'],
    ['<@!123>, can you help?', 'can you help?'],
    ['<@U024BE7LH> deploy', 'deploy'],
    ['<@U024BE7LH|alice> deploy', 'deploy'],
    ['<!here> the build is red', 'the build is red'],
    ['Alice (id 123): keep the tests', 'keep the tests'],
    ['Bob Smith (user_id: 42): keep the tests', 'keep the tests'],
    ['carol (@carol_dev): keep it', 'keep it'],
    ['[sender_id: 1]: answer', 'answer'],
    ['[sender_id: 1]\n[channel: dev]\n\nthe message', 'the message'],
  ])('strips the metadata of %j', (text, rest) => {
    expect(stripSenderMetadata(text)).toBe(rest);
  });

  it('keeps CJK text after the metadata verbatim', () => {
    expect(stripSenderMetadata('[sender_id: 12345] [sender: 小明] 帮我把项目迁移到 Vite，保留测试。')).toBe(
      '帮我把项目迁移到 Vite，保留测试。',
    );
    expect(stripSenderMetadata('【sender：小明】請幫我升級 Node')).toBe('請幫我升級 Node');
    expect(stripSenderMetadata('<@123> テストは維持してください')).toBe('テストは維持してください');
  });

  it.each([
    '[WIP] fix the build',
    '[Note: this matters] keep the tests',
    '[x] done, [ ] todo',
    'Fix issue (#12345): the crash',
    'My Plan (idea): ship it',
    'Plain text with [sender_id: 1] inside',
    'see <@123> for details',
    'hello (id 5) there: not a header',
    '',
  ])('leaves %j unchanged', (text) => {
    expect(stripSenderMetadata(text)).toBe(text);
  });

  it('strips only the start of the text, so a pasted log keeps its per-line timestamps', () => {
    const text = '[sender: Ann] the server logs:\n[2026-01-02 10:03] started\n[2026-01-02 10:04] crashed';
    expect(stripSenderMetadata(text)).toBe('the server logs:\n[2026-01-02 10:03] started\n[2026-01-02 10:04] crashed');
  });

  it('keeps a list marker on the line after the metadata', () => {
    expect(stripSenderMetadata('[sender: Ann]\n- keep the tests')).toBe('- keep the tests');
  });

  it('returns an empty string when the text is only metadata', () => {
    expect(stripSenderMetadata('[sender_id: 12345] <@1>  ')).toBe('');
  });

  it('returns the text unchanged or a suffix of it', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('[', ']', 'sender', ':', ' ', '1', '<@', '>', 'a', '(id 1)', '\n', '好') }),
        (text) => {
          expect(text.endsWith(stripSenderMetadata(text))).toBe(true);
        },
      ),
    );
  });
});
