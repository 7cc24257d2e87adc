import { describe, expect, it } from 'vitest';
import { scopeToken } from './scope-token.js';

describe('scopeToken', () => {
  it('is made of digits only', () => {
    for (const scope of [
      { agentId: 'bot' },
      { agentId: 'bot', userId: 'alice' },
      { agentId: '中文 agent', userId: '"; DROP TABLE facts; --' },
      { agentId: '', userId: '' },
    ]) {
      expect(scopeToken(scope)).toMatch(/^[0-9]+$/);
    }
  });

  it('is the same for the same scope every time', () => {
    expect(scopeToken({ agentId: 'bot', userId: 'alice' })).toBe(scopeToken({ agentId: 'bot', userId: 'alice' }));
  });

  it('is stable across versions, since the indexes store it', () => {
    expect(scopeToken({ agentId: 'a' })).toBe('638681011631056975610566286702037940066');
    expect(scopeToken({ agentId: 'bot', userId: 'alice' })).toBe('9961137180958504222738674586221138936');
  });

  it('treats a missing userId and an empty one as the same scope', () => {
    expect(scopeToken({ agentId: 'bot' })).toBe(scopeToken({ agentId: 'bot', userId: '' }));
    expect(scopeToken({ agentId: 'bot', userId: undefined })).toBe(scopeToken({ agentId: 'bot', userId: '' }));
  });

  it('is distinct for distinct scopes, including ones a plain concatenation would confuse', () => {
    const scopes = [
      { agentId: 'bot' },
      { agentId: 'bot', userId: 'alice' },
      { agentId: 'bot', userId: 'bob' },
      { agentId: 'other', userId: 'alice' },
      { agentId: 'alice', userId: 'bot' },
      { agentId: 'ab', userId: 'c' },
      { agentId: 'a', userId: 'bc' },
      { agentId: 'a","b', userId: '' },
      { agentId: 'a', userId: 'b' },
      { agentId: 'Bot', userId: 'alice' },
    ];
    const tokens = new Set(scopes.map(scopeToken));
    expect(tokens.size).toBe(scopes.length);
  });
});
