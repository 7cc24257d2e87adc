import { describe, expect, it } from 'vitest';
import { buildClaudeCliArgs } from './build-claude-cli-args.js';

const BASE = ['-p', '--output-format', 'stream-json', '--verbose'];
const UUID = '0f4f3c1e-7f0b-5a3e-9c2d-1b2a3c4d5e6f';
const full = { model: 'sonnet', system: 'Be brief.', extraArgs: ['--permission-mode', 'plan'] };
const bare = { system: '', extraArgs: [] };

describe('buildClaudeCliArgs', () => {
  it('starts a new handle with --session-id', () => {
    expect(buildClaudeCliArgs({ kind: 'new-handle', uuid: UUID }, full)).toEqual([
      ...BASE,
      '--session-id',
      UUID,
      '--model',
      'sonnet',
      '--append-system-prompt',
      'Be brief.',
      '--permission-mode',
      'plan',
    ]);
  });

  it('resumes with --resume and still passes the system prompt', () => {
    expect(buildClaudeCliArgs({ kind: 'resume', uuid: UUID }, full)).toEqual([
      ...BASE,
      '--resume',
      UUID,
      '--model',
      'sonnet',
      '--append-system-prompt',
      'Be brief.',
      '--permission-mode',
      'plan',
    ]);
  });

  it('falls back without a session, saving nothing', () => {
    expect(buildClaudeCliArgs({ kind: 'fallback' }, bare)).toEqual([...BASE, '--no-session-persistence']);
  });

  it('extracts in one turn with no tools, replacing the system prompt', () => {
    expect(buildClaudeCliArgs({ kind: 'extraction' }, full)).toEqual([
      ...BASE,
      '--max-turns',
      '1',
      '--no-session-persistence',
      '--tools',
      '',
      '--model',
      'sonnet',
      '--system-prompt',
      'Be brief.',
      '--permission-mode',
      'plan',
    ]);
    expect(buildClaudeCliArgs({ kind: 'extraction' }, bare)).toEqual([
      ...BASE,
      '--max-turns',
      '1',
      '--no-session-persistence',
      '--tools',
      '',
    ]);
  });

  it('keeps a system prompt that starts with a dash as one argument after its flag', () => {
    const args = buildClaudeCliArgs({ kind: 'fallback' }, { system: '--rules: be brief', extraArgs: [] });
    expect(args.slice(-2)).toEqual(['--append-system-prompt', '--rules: be brief']);
  });
});
