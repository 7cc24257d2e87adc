import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PinState } from '../../spec/memory-store.js';
import { renderPin } from '../prompt/render-pin.js';
import { appendClarification, type PinLimits } from './append-clarification.js';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Grapheme clusters counted by Intl.Segmenter directly, independent of the windowed implementation. */
function clusterCount(text: string): number {
  return Array.from(segmenter.segment(text)).length;
}

function pinOf(task: string, clarifications: string[]): PinState {
  return { task, taskUserId: 'owner', clarifications: clarifications.map((text) => ({ text, userId: null })) };
}

function texts(pin: PinState): string[] {
  return pin.clarifications.map((clarification) => clarification.text);
}

const roomy: PinLimits = { maxChars: 1000, clarificationMaxChars: 300 };

describe('appendClarification', () => {
  it('appends the trimmed answer with its author, without condensing', () => {
    const pin = pinOf('Build a CLI', []);
    const result = appendClarification(pin, { text: '  Use TypeScript  ', userId: 'u2' }, roomy);
    expect(result).toEqual({
      pin: { task: 'Build a CLI', taskUserId: 'owner', clarifications: [{ text: 'Use TypeScript', userId: 'u2' }] },
      condensed: false,
    });
    expect(renderPin(result.pin)).toBe('Build a CLI\n[+] Use TypeScript');
  });

  it('does not mutate the pin it is given', () => {
    const pin = pinOf('Task', ['A'.repeat(100)]);
    const before = structuredClone(pin);
    appendClarification(pin, { text: 'B'.repeat(100), userId: null }, { maxChars: 120, clarificationMaxChars: 300 });
    expect(pin).toEqual(before);
  });

  it('caps one clarification at clarificationMaxChars grapheme clusters', () => {
    const result = appendClarification(
      pinOf('Build a CLI', []),
      { text: 'x'.repeat(500), userId: null },
      {
        maxChars: 1000,
        clarificationMaxChars: 20,
      },
    );
    expect(texts(result.pin)).toEqual([`${'x'.repeat(19)}…`]);
    expect(result.condensed).toBe(false);
  });

  it('is a no-op for an answer already in the pin, or a blank one', () => {
    const pin = pinOf('Build a CLI', ['Use TypeScript']);
    expect(appendClarification(pin, { text: ' Use TypeScript ', userId: 'other' }, roomy)).toEqual({
      pin,
      condensed: false,
    });
    expect(appendClarification(pin, { text: ' \n ', userId: null }, roomy).pin).toBe(pin);
  });

  it('is a no-op for an answer that equals a stored one once capped', () => {
    const pin = pinOf('Build a CLI', [`${'x'.repeat(19)}…`]);
    const result = appendClarification(
      pin,
      { text: 'x'.repeat(40), userId: null },
      {
        maxChars: 1000,
        clarificationMaxChars: 20,
      },
    );
    expect(result.pin).toBe(pin);
  });

  describe('over the cap', () => {
    // Rendered: 10 (task) + 5 + 100 + 5 + 100 = 220 clusters before the new answer.
    const pin = pinOf('T'.repeat(10), ['A'.repeat(100), 'B'.repeat(100)]);
    const answer = { text: 'C'.repeat(50), userId: 'u3' };

    it('shortens the oldest long clarification first, to half its length', () => {
      // 275 > 250: A (100) halves to 50, 225 fits.
      const result = appendClarification(pin, answer, { maxChars: 250, clarificationMaxChars: 300 });
      expect(texts(result.pin)).toEqual([`${'A'.repeat(49)}…`, 'B'.repeat(100), 'C'.repeat(50)]);
      expect(result.condensed).toBe(true);
      expect(clusterCount(renderPin(result.pin))).toBe(225);
    });

    it('never shortens a clarification below 40 clusters, and moves on to the next one', () => {
      // 275 → A to 50 (225) → A to 40 (215) → B to 50 (165) fits 200.
      const result = appendClarification(pin, answer, { maxChars: 200, clarificationMaxChars: 300 });
      expect(texts(result.pin)).toEqual([`${'A'.repeat(39)}…`, `${'B'.repeat(49)}…`, 'C'.repeat(50)]);
      expect(clusterCount(renderPin(result.pin))).toBe(165);
    });

    it('drops the oldest clarifications once none can be shortened, and keeps the newest answer whole', () => {
      // ... A 40, B 40 (155) → drop A (110) → drop B (65) fits 100.
      const result = appendClarification(pin, answer, { maxChars: 100, clarificationMaxChars: 300 });
      expect(result.pin).toEqual({
        task: 'T'.repeat(10),
        taskUserId: 'owner',
        clarifications: [{ text: 'C'.repeat(50), userId: 'u3' }],
      });
      expect(result.condensed).toBe(true);
    });

    it('drops only as many old clarifications as needed', () => {
      // ... A 40, B 40 (155) → drop A (110) fits 120.
      const result = appendClarification(pin, answer, { maxChars: 120, clarificationMaxChars: 300 });
      expect(texts(result.pin)).toEqual([`${'B'.repeat(39)}…`, 'C'.repeat(50)]);
      expect(clusterCount(renderPin(result.pin))).toBe(110);
    });

    it('shortens the newest answer when only the task and it are left, to exactly fill the cap', () => {
      const result = appendClarification(pin, answer, { maxChars: 40, clarificationMaxChars: 300 });
      expect(result.pin.task).toBe('T'.repeat(10));
      expect(texts(result.pin)).toEqual([`${'C'.repeat(24)}…`]);
      expect(clusterCount(renderPin(result.pin))).toBe(40);
      expect(result.condensed).toBe(true);
    });

    it('never drops or shortens the task, even when no answer fits beside it', () => {
      // 10 (task) + 5 ('\n[+] ') leaves no room under 15.
      const result = appendClarification(pin, answer, { maxChars: 15, clarificationMaxChars: 300 });
      expect(result).toEqual({
        pin: { task: 'T'.repeat(10), taskUserId: 'owner', clarifications: [] },
        condensed: true,
      });
    });

    it('keeps the task when it alone is longer than the cap', () => {
      const result = appendClarification(pinOf('T'.repeat(30), []), answer, {
        maxChars: 20,
        clarificationMaxChars: 300,
      });
      expect(result.pin).toEqual({ task: 'T'.repeat(30), taskUserId: 'owner', clarifications: [] });
    });
  });

  it('counts CJK characters as one cluster each', () => {
    // Rendered: 7 + 5 + 60 + 5 + 30 = 107 > 90: the older 60 shortens to 40 (87).
    const result = appendClarification(
      pinOf('构建命令行工具', ['使'.repeat(60)]),
      { text: '用'.repeat(30), userId: null },
      {
        maxChars: 90,
        clarificationMaxChars: 300,
      },
    );
    expect(texts(result.pin)).toEqual([`${'使'.repeat(39)}…`, '用'.repeat(30)]);
    expect(clusterCount(renderPin(result.pin))).toBe(87);
  });

  it('counts an emoji sequence as one cluster and never splits it', () => {
    // Rendered: 5 + 5 + 60 + 5 + 30 = 105 > 90: the older 60 flags shorten to 40 (85).
    const result = appendClarification(
      pinOf('👩‍👩‍👧'.repeat(5), ['🇯🇵'.repeat(60)]),
      { text: '👍🏽'.repeat(30), userId: null },
      { maxChars: 90, clarificationMaxChars: 300 },
    );
    expect(texts(result.pin)).toEqual([`${'🇯🇵'.repeat(39)}…`, '👍🏽'.repeat(30)]);
    expect(result.pin.task).toBe('👩‍👩‍👧'.repeat(5));
    expect(clusterCount(renderPin(result.pin))).toBe(85);
  });

  it('does not condense an answer that fits exactly', () => {
    // 10 + 5 + 5 = 20.
    const result = appendClarification(
      pinOf('T'.repeat(10), []),
      { text: 'abcde', userId: null },
      {
        maxChars: 20,
        clarificationMaxChars: 300,
      },
    );
    expect(result).toEqual({ pin: pinOf('T'.repeat(10), ['abcde']), condensed: false });
  });

  it('keeps the rendered pin within the cap, led by the task and ending with the newest answer', () => {
    const limits: PinLimits = { maxChars: 200, clarificationMaxChars: 80 };
    // A task of up to 180 clusters leaves 15 for the newest answer: long tasks force it to be shortened.
    const taskMaxChars = 180;
    const pieces = ['a', 'word ', ' ', '中文', '日本語', 'é', 'e\u0301', '👩‍👩‍👧', '🇯🇵', '👍🏽', '한', 'क्ष', '\n'];
    const text = (maxLength: number) =>
      fc.oneof(
        fc.array(fc.constantFrom(...pieces), { maxLength, size: 'max' }).map((parts) => parts.join('')),
        fc.string({ unit: 'grapheme', maxLength, size: 'max' }),
        fc.array(fc.constantFrom(...pieces), { maxLength }).map((parts) => parts.join('')),
      );
    const task = text(taskMaxChars)
      .map((value) => value.trim())
      .filter((value) => value !== '' && clusterCount(value) <= taskMaxChars);
    fc.assert(
      fc.property(task, fc.array(text(150), { minLength: 1, maxLength: 12 }), (taskText, answers) => {
        let pin: PinState = { task: taskText, taskUserId: null, clarifications: [] };
        for (const answer of answers) {
          const before = pin;
          const result = appendClarification(pin, { text: answer, userId: null }, limits);
          pin = result.pin;
          const rendered = renderPin(pin);
          expect(clusterCount(rendered)).toBeLessThanOrEqual(limits.maxChars);
          expect(pin.task).toBe(taskText);
          expect(rendered.startsWith(taskText)).toBe(true);
          if (result.pin === before) continue; // blank or repeated answer: a no-op
          const newest = pin.clarifications.at(-1)?.text ?? '';
          const expected = answer.trim();
          // The newest answer is whole, or its first clusters followed by an ellipsis.
          const kept = newest.endsWith('…') && newest !== expected ? newest.slice(0, -1) : newest;
          expect(newest).not.toBe('');
          expect(expected.startsWith(kept)).toBe(true);
          expect(rendered.endsWith(`[+] ${newest}`)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
