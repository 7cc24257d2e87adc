import { describe, expect, it } from 'vitest';
import { parseClaudeCliState } from './parse-claude-cli-state.js';

describe('parseClaudeCliState', () => {
  it('reads the state the adapter stored', () => {
    const state = { generation: 3, started: true, cwd: '/srv/agent', configDir: '/srv/claude', historyVersion: 2 };
    expect(parseClaudeCliState(state)).toEqual(state);
    // Stored before compression existed: history version 0.
    const { historyVersion: _, ...older } = state;
    expect(parseClaudeCliState(older)).toEqual({ ...state, historyVersion: 0 });
    expect(parseClaudeCliState({ ...state, configDir: null })).toEqual({ ...state, configDir: null });
  });

  it.each([
    ['nothing', null],
    ['a string', 'generation 1'],
    ['a negative generation', { generation: -1, started: true, cwd: '/a', configDir: null }],
    ['a fractional generation', { generation: 1.5, started: true, cwd: '/a', configDir: null }],
    ['started as a string', { generation: 0, started: 'yes', cwd: '/a', configDir: null }],
    ['an empty cwd', { generation: 0, started: true, cwd: '', configDir: null }],
    ['no configDir key', { generation: 0, started: true, cwd: '/a' }],
  ])('is null for %s', (_name, value) => {
    expect(parseClaudeCliState(value)).toBeNull();
  });
});
