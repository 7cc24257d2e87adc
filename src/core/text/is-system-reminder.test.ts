import { describe, expect, it } from 'vitest';
import { isSystemReminder } from './is-system-reminder.js';

describe('isSystemReminder', () => {
  it('knows a block that is one whole <system-reminder> element, white space around it included', () => {
    expect(isSystemReminder("<system-reminder>\nToday's date is 2026-12-03.\n</system-reminder>")).toBe(true);
    expect(isSystemReminder('\n<system-reminder>\n# Environment\n - Platform: linux\n</system-reminder>\n')).toBe(true);
    expect(isSystemReminder('<system-reminder>a</system-reminder>\n\n<system-reminder>b</system-reminder>')).toBe(true);
  });

  it('leaves a block the user wrote around or before a reminder, and a user who mentions the tag', () => {
    expect(isSystemReminder('<system-reminder>note</system-reminder>\nPlease read notes.txt')).toBe(false);
    expect(
      isSystemReminder('<system-reminder>a</system-reminder> Deploy it <system-reminder>b</system-reminder>'),
    ).toBe(false);
    expect(isSystemReminder('Why does Claude Code send <system-reminder> blocks?')).toBe(false);
    expect(isSystemReminder('Help me migrate the billing service')).toBe(false);
    expect(isSystemReminder('')).toBe(false);
  });
});
