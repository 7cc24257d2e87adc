import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadLocomo, normaliseDiaIds, parseLocomoDate, partialRecall } from '../../bench/locomo.js';

describe('the LoCoMo reader of the retrieval bench', () => {
  let directory: string | undefined;
  afterEach(() => {
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  it('normalises the known evidence-id typos and splits lists of ids', () => {
    expect(normaliseDiaIds(['D:11:26', 'D30:05', 'D8:6; D9:17', 'D1:3'])).toEqual([
      'D11:26',
      'D30:5',
      'D8:6',
      'D9:17',
      'D1:3',
    ]);
  });

  it("reads LoCoMo's session dates and ISO dates", () => {
    expect(parseLocomoDate('1:56 pm on 8 May, 2023')?.toISOString()).toBe('2023-05-08T13:56:00.000Z');
    expect(parseLocomoDate('12:05 am on 1 January, 2022')?.toISOString()).toBe('2022-01-01T00:05:00.000Z');
    expect(parseLocomoDate('2023-07-02T10:00:00Z')?.toISOString()).toBe('2023-07-02T10:00:00.000Z');
    expect(parseLocomoDate('someday')).toBeNull();
  });

  it('computes partial recall over the dia_ids of the retrieved items', () => {
    expect(partialRecall(['D1:1', 'D1:2'], [['D1:2'], ['D5:5']])).toBe(0.5);
    expect(partialRecall(['D1:1'], [])).toBe(0);
  });

  it('reads the variant format: clean_text, per-turn date_time, captions, and drops unknown evidence', () => {
    directory = mkdtempSync(join(tmpdir(), 'memstack-locomo-'));
    const path = join(directory, 'variant.json');
    writeFileSync(
      path,
      JSON.stringify([
        {
          sample_id: 'x',
          conversation: {
            speaker_a: 'Ann',
            speaker_b: 'Bo',
            session_1_date_time: '1:00 pm on 2 March, 2024',
            session_1: [
              { speaker: 'Ann', dia_id: 'D1:1', clean_text: 'I adopted a cat', date_time: '2024-03-02T09:00:00Z' },
              { speaker: 'Bo', dia_id: 'D1:2', text: 'Nice!', blip_caption: 'a photo of a cat' },
            ],
            session_2_date_time: '2:00 pm on 9 March, 2024',
          },
          observation: { session_1_observation: { Ann: [['Ann adopted a cat.', 'D1:1']] } },
          qa: [
            { question: 'What did Ann adopt?', evidence: ['D1:1', 'D9:9'], category: 4 },
            { question: 'No evidence', category: 5 },
          ],
        },
      ]),
    );
    const [conversation] = loadLocomo(path);
    expect(conversation?.sessions).toHaveLength(1);
    expect(conversation?.sessions[0]?.turns.map((turn) => [turn.text, turn.caption, turn.at?.toISOString()])).toEqual([
      ['I adopted a cat', undefined, '2024-03-02T09:00:00.000Z'],
      ['Nice!', 'a photo of a cat', '2024-03-02T13:00:00.000Z'],
    ]);
    expect(conversation?.facts).toEqual([{ text: 'Ann adopted a cat.', diaIds: ['D1:1'] }]);
    expect(conversation?.questions).toEqual([{ question: 'What did Ann adopt?', category: 4, evidence: ['D1:1'] }]);
  });

  it('reads a file of the same shape without observations or question categories (--data)', () => {
    directory = mkdtempSync(join(tmpdir(), 'memstack-locomo-'));
    const path = join(directory, 'other.json');
    writeFileSync(
      path,
      JSON.stringify([
        {
          sample_id: 'chat-1',
          conversation: {
            speaker_a: 'Mia',
            speaker_b: 'Assistant',
            session_1_date_time: '2024-05-01T10:00:00Z',
            session_1: [
              { speaker: 'Mia', dia_id: 'D1:1', text: 'We moved the API to Fly.io.' },
              { speaker: 'Assistant', dia_id: 'D1:2', text: 'Noted.' },
            ],
          },
          qa: [{ question: 'Where does the API run?', evidence: ['D1:1'] }],
        },
      ]),
    );
    const [conversation] = loadLocomo(path);
    expect(conversation?.facts).toEqual([]);
    expect(conversation?.questions).toEqual([{ question: 'Where does the API run?', category: 0, evidence: ['D1:1'] }]);
    expect(conversation?.sessions[0]?.turns[0]?.at?.toISOString()).toBe('2024-05-01T10:00:00.000Z');
  });
});
