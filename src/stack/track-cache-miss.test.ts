import { describe, expect, it } from 'vitest';
import type { PreparedRequest, TextBlock } from '../spec/prepared-turn.js';
import { cacheMissTracker } from './track-cache-miss.js';

const EPHEMERAL = { type: 'ephemeral' } as const;
const parts = { layout: 'cache-aware', system: 'base', summary: null, pin: null, facts: null };
const marked = (text: string): TextBlock => ({ type: 'text', text, cache_control: EPHEMERAL });

function request(history: string[], current: string, breakpoints = 1): PreparedRequest {
  const messages = history.map((text, index) => ({
    role: index % 2 === 0 ? ('user' as const) : ('assistant' as const),
    content: [index === history.length - 1 && breakpoints > 0 ? marked(text) : { type: 'text' as const, text }],
  }));
  return {
    system: [marked('base')],
    messages: [...messages, { role: 'user', content: [{ type: 'text', text: current }] }],
  };
}

describe('cacheMissTracker', () => {
  it('follows each session apart, and starts a session over when its clock goes backwards', () => {
    const explain = cacheMissTracker();
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1) + minutes * 60_000);
    expect(explain('a', request([], 'hi'), parts, at(0))).toBe('cold');
    expect(explain('b', request([], 'hello'), parts, at(0))).toBe('cold');
    expect(explain('a', request(['hi', 'hey'], 'so'), parts, at(1))).toBe(null);
    expect(explain('b', request(['HELLO', 'hey'], 'so'), parts, at(1))).toBe(null);
    expect(explain('a', request(['hi', 'hey', 'so', 'ok'], 'next'), parts, at(2))).toBe(null);
    // The caller dropped its first exchange: what was cached after it is lost.
    expect(explain('a', request(['so', 'ok'], 'next'), parts, at(3))).toBe('history-changed');
    expect(explain('a', request(['so', 'ok'], 'next'), parts, at(1))).toBe('cold');
  });

  it('gives a reason, never an error, for a request the API would reject (more than 4 breakpoints)', () => {
    const explain = cacheMissTracker();
    const crowded: PreparedRequest = {
      system: ['a', 'b', 'c', 'd', 'e'].map(marked),
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
    };
    expect(explain('a', crowded, parts, new Date(0))).toBe('cold');
    expect(explain('a', crowded, parts, new Date(60_000))).toBe(null);
  });
});
