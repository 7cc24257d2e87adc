import { describe, expect, it } from 'vitest';
import { spokenOfRole } from './spoken-of-role.js';

describe('spokenOfRole', () => {
  it("is the user for a message about oneself, the assistant for one about the assistant's words", () => {
    expect(spokenOfRole('What did I cook for lunch?')).toBe('user');
    expect(spokenOfRole("What's my favorite Jay Chou song?")).toBe('user');
    expect(spokenOfRole('我喜欢哪些运动？')).toBe('user');
    expect(spokenOfRole('Which book did you recommend?')).toBe('assistant');
    expect(spokenOfRole('你推荐过哪些游戏？')).toBe('assistant');
  });

  it('is null when the message names both sides, or neither', () => {
    expect(spokenOfRole('Which painters did you suggest I study?')).toBeNull();
    expect(spokenOfRole('你推荐我去哪些地方徒步？')).toBeNull();
    expect(spokenOfRole('What does Nate like?')).toBeNull();
    expect(spokenOfRole('')).toBeNull();
    // Words that contain the pronouns are not them.
    expect(spokenOfRole('Is the iPhone mine-proof? Young players, yourselves?')).toBe('user');
    expect(spokenOfRole('Item list and youth club')).toBeNull();
  });
});
