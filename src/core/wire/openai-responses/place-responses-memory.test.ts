import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ResponsesItem } from '../../../spec/conversation.js';
import { findCurrentResponsesTurn, placeResponsesMemory } from './place-responses-memory.js';

const notes = { pin: '<pinned_task>Ship v2</pinned_task>', recap: '<task_recap>Task: Ship v2</task_recap>\n\n' };

const part = fc.oneof(
  fc.string().map((text) => ({ type: 'input_text', text })),
  fc.webUrl().map((url) => ({ type: 'input_image', image_url: url, detail: 'auto' })),
);
const item: fc.Arbitrary<ResponsesItem> = fc.oneof(
  fc.record({
    role: fc.constantFrom('user', 'assistant', 'system', 'developer'),
    content: fc.oneof(fc.string(), fc.array(part, { maxLength: 3 })),
  }),
  fc.record({ type: fc.constant('function_call'), call_id: fc.uuid(), name: fc.constant('f'), arguments: fc.string() }),
  fc.record({ type: fc.constant('function_call_output'), call_id: fc.uuid(), output: fc.string() }),
);
const request = fc.record({
  instructions: fc.option(fc.string(), { nil: undefined }),
  input: fc.oneof(fc.string(), fc.array(item, { maxLength: 6 })),
  previousResponseId: fc.constant(undefined),
});

describe('placeResponsesMemory', () => {
  it('puts the pin at the tail of the instructions and the recap at the head of the user input', () => {
    const placed = placeResponsesMemory(
      {
        instructions: 'Be brief.',
        input: [
          { role: 'user', content: [{ type: 'input_image', image_url: 'https://x/y.png' }] },
          { type: 'function_call_output', call_id: 'c1', output: '21°C' },
        ],
        previousResponseId: 'resp_1',
      },
      notes,
    );
    expect(placed.instructions).toBe(`Be brief.\n\n${notes.pin}`);
    expect(placed.currentTurn).toBe(0);
    expect((placed.input as ResponsesItem[])[0]?.content).toEqual([
      { type: 'input_text', text: notes.recap.trimEnd() },
      { type: 'input_image', image_url: 'https://x/y.png' },
    ]);
  });

  it('changes nothing but what it adds, and never the input (property)', () => {
    fc.assert(
      fc.property(request, (input) => {
        const frozen = structuredClone(input);
        const placed = placeResponsesMemory(input, notes);
        expect(input).toEqual(frozen);
        expect(placed.instructions.endsWith(notes.pin)).toBe(true);
        if (input.instructions) expect(placed.instructions.startsWith(input.instructions)).toBe(true);
        const current = findCurrentResponsesTurn(input.input);
        expect(placed.currentTurn).toBe(current);
        if (typeof input.input === 'string') {
          expect(placed.input).toBe(`${notes.recap}${input.input}`);
          return;
        }
        const items = placed.input as ResponsesItem[];
        expect(items).toHaveLength(input.input.length);
        items.forEach((after, index) => {
          if (index !== current) expect(after).toBe(input.input[index]);
          else expect(JSON.stringify(after)).toContain(JSON.stringify(notes.recap.trimEnd()).slice(1, -1));
        });
      }),
      { numRuns: 300 },
    );
  });
});
