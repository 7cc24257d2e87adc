import { describe, expect, it } from 'vitest';
import { renderPin } from './render-pin.js';

describe('renderPin', () => {
  it('renders the task alone when there is no clarification', () => {
    expect(renderPin({ task: 'Build a CLI in Go', taskUserId: 'u1', clarifications: [] })).toBe('Build a CLI in Go');
  });

  it('renders one [+] line per clarification, oldest first, after the task', () => {
    expect(
      renderPin({
        task: 'Build a CLI in Go',
        taskUserId: null,
        clarifications: [
          { text: 'Output is JSON', userId: 'u1' },
          { text: '目标平台是 Linux', userId: null },
        ],
      }),
    ).toBe('Build a CLI in Go\n[+] Output is JSON\n[+] 目标平台是 Linux');
  });

  it('keeps a multi-line task as it is', () => {
    expect(
      renderPin({
        task: 'Goal: a CLI\nOutput: JSON',
        taskUserId: null,
        clarifications: [{ text: 'Go 1.22', userId: null }],
      }),
    ).toBe('Goal: a CLI\nOutput: JSON\n[+] Go 1.22');
  });
});
