import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  extractionSetSchema,
  normaliseFact,
  pinMatches,
  recordedExtractionsSchema,
  scoreExtraction,
} from '../../bench/score-extraction.js';

const set = extractionSetSchema.parse(
  JSON.parse(readFileSync(new URL('../fixtures/extraction-set.json', import.meta.url), 'utf8')),
);

describe('the labelled extraction set', () => {
  it('has at least 150 cases, with the per-language minimums, over the three domains', () => {
    expect(set.cases.length).toBeGreaterThanOrEqual(150);
    const count = (key: 'language' | 'domain', value: string): number =>
      set.cases.filter((item) => item[key] === value).length;
    expect(count('language', 'en')).toBeGreaterThanOrEqual(60);
    expect(count('language', 'zh')).toBeGreaterThanOrEqual(50);
    expect(count('language', 'ja')).toBeGreaterThanOrEqual(45);
    for (const domain of ['coding', 'assistant', 'companion']) expect(count('domain', domain)).toBeGreaterThan(30);
  });

  it('has unique ids, skips exactly the cases with no facts, and about a third of skips', () => {
    expect(new Set(set.cases.map((item) => item.id)).size).toBe(set.cases.length);
    for (const item of set.cases) expect(item.skip, item.id).toBe(item.facts.length === 0);
    const skips = set.cases.filter((item) => item.skip).length / set.cases.length;
    expect(skips).toBeGreaterThan(0.25);
    expect(skips).toBeLessThan(0.45);
  });

  it('supersedes only facts stored before the message', () => {
    for (const item of set.cases) {
      for (const text of item.supersedes) expect(item.stored ?? [], item.id).toContain(text);
    }
    expect(set.cases.filter((item) => item.supersedes.length > 0).length).toBeGreaterThanOrEqual(15);
  });

  it('keeps the qualified statements that must not supersede', () => {
    const qualified = set.cases.filter((item) => (item.stored ?? []).length > 0 && item.supersedes.length === 0);
    expect(qualified.length).toBeGreaterThanOrEqual(8);
  });
});

describe('the extraction scorer', () => {
  it('folds case, punctuation, whitespace and width', () => {
    expect(normaliseFact("User's team uses  PNPM.")).toBe(normaliseFact('users team uses pnpm'));
    expect(normaliseFact('用户用 Ｎｏｄｅ ２０。')).toBe(normaliseFact('用户用Node 20'));
    expect(normaliseFact('User uses pnpm')).not.toBe(normaliseFact("User's team uses pnpm"));
  });

  it('matches pins by key phrases, and null only when nothing is pinned', () => {
    expect(pinMatches(null, null)).toBe(true);
    expect(pinMatches(null, 'What database did we pick?')).toBe(false);
    expect(pinMatches(['CSV', 'JSON'], 'Help me write a CLI that converts CSV files to JSON.')).toBe(true);
    expect(pinMatches(['ログイン機能', 'ソーシャルログイン'], 'ログイン機能を作り直してください。')).toBe(false);
    expect(pinMatches(['CSV'], null)).toBe(false);
  });

  it('computes precision, recall and supersede accuracy', () => {
    const [first, second] = [
      {
        id: 'a',
        language: 'en',
        domain: 'assistant',
        message: 'm',
        facts: ['User lives in Paris', 'User works at Acme'],
      },
      {
        id: 'b',
        language: 'en',
        domain: 'assistant',
        message: 'm',
        stored: ['User lives in Paris'],
        facts: ['User moved to Berlin'],
      },
    ] as const;
    const score = scoreExtraction([
      {
        case: { ...first, facts: [...first.facts], skip: false, supersedes: [] },
        outcome: { facts: ['user lives in paris.', 'User likes cats'], superseded: [], pinned: null },
      },
      {
        case: {
          ...second,
          stored: [...second.stored],
          facts: [...second.facts],
          skip: false,
          supersedes: ['User lives in Paris'],
        },
        outcome: { facts: ['User moved to Berlin'], superseded: [], pinned: null },
      },
    ]);
    expect(score.precision).toBeCloseTo(2 / 3);
    expect(score.recall).toBeCloseTo(2 / 3);
    expect(score.supersedeCases).toBe(1);
    expect(score.supersedeAccuracy).toBe(0);
  });
});

describe('the recorded model replies', () => {
  const recordings = recordedExtractionsSchema.parse(
    JSON.parse(readFileSync(new URL('../fixtures/recorded-extractions.json', import.meta.url), 'utf8')),
  ).recordings;
  const cases = new Map(set.cases.map((item) => [item.id, item]));

  it('answer the calls of the set cases: the message, and the previous message of a clarification case', () => {
    expect(new Set(recordings.map((recording) => recording.id)).size).toBe(recordings.length);
    expect(recordings.length).toBeGreaterThanOrEqual(set.cases.length / 2);
    for (const recording of recordings) {
      const item = cases.get(recording.id);
      expect(item, recording.id).toBeDefined();
      const messages = recording.outputs.map((output) => output.message);
      expect(messages, recording.id).toContain(item?.message);
      for (const message of messages) expect([item?.message, item?.previousMessage], recording.id).toContain(message);
    }
  });

  it('cover the shapes models answer in, the broken ones included', () => {
    const outputs = recordings.flatMap((recording) => recording.outputs.map((output) => output.output));
    const some = (test: (output: string) => boolean) => outputs.some(test);
    expect(some((output) => output.startsWith('```json'))).toBe(true);
    expect(some((output) => /^[A-Z][^{]*:\n\{/.test(output))).toBe(true);
    expect(some((output) => /\}\n\n\S/.test(output))).toBe(true);
    expect(some((output) => /,\s*\}\s*$/.test(output))).toBe(true);
    expect(some((output) => /"supersedes": (?:"|\["\d)/.test(output))).toBe(true);
    expect(some((output) => /"supersedes": \[[^\]]*\b99\b/.test(output))).toBe(true);
    expect(some((output) => output === '')).toBe(true);
    // Most replies are well formed: the figures measure an extractor, not a broken model.
    const parsable = outputs.filter((output) => {
      try {
        JSON.parse(output.replace(/^```json\n|\n```$/g, ''));
        return true;
      } catch {
        return false;
      }
    });
    expect(parsable.length / outputs.length).toBeGreaterThan(0.6);
  });
});
