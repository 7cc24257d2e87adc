import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnthropicBlock, AnthropicMessage, AnthropicTextBlock } from '../../../spec/conversation.js';
import {
  type CallerRequest,
  decorateAnthropicRequest,
  findCurrentTurn,
  MAX_CACHE_BREAKPOINTS,
} from './decorate-anthropic-request.js';

const EPHEMERAL = { type: 'ephemeral' } as const;
const notes = { pin: '<pinned_task>Ship v2</pinned_task>', recap: '<task_recap>Task: Ship v2</task_recap>\n\n' };

const breakpoint = fc.option(fc.constantFrom(EPHEMERAL, { type: 'ephemeral', ttl: '1h' }), { freq: 3 });
const withBreakpoint = <T extends AnthropicBlock>(block: T, control: unknown): T =>
  control === null ? block : { ...block, cache_control: control };
const text = fc
  .tuple(fc.string(), breakpoint)
  .map(([value, control]) => withBreakpoint({ type: 'text', text: value } as AnthropicTextBlock, control));
const block: fc.Arbitrary<AnthropicBlock> = fc.oneof(
  text,
  fc
    .tuple(fc.base64String({ maxLength: 12 }), breakpoint)
    .map(([data, control]) =>
      withBreakpoint({ type: 'image', source: { type: 'base64', media_type: 'image/png', data } }, control),
    ),
  fc
    .tuple(fc.uuid(), fc.jsonValue(), breakpoint)
    .map(([id, input, control]) => withBreakpoint({ type: 'tool_use', id, name: 'search', input }, control)),
  fc
    .tuple(fc.uuid(), fc.string(), breakpoint)
    .map(([id, content, control]) => withBreakpoint({ type: 'tool_result', tool_use_id: id, content }, control)),
  fc.string().map((thinking) => ({ type: 'thinking', thinking, signature: 'sig' })),
  fc.constant({ type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'doc' } }),
);
const message: fc.Arbitrary<AnthropicMessage> = fc.record({
  role: fc.constantFrom('user' as const, 'assistant' as const),
  content: fc.oneof(fc.string(), fc.array(block, { minLength: 1, maxLength: 4 })),
});
const request: fc.Arbitrary<CallerRequest> = fc.record({
  system: fc.oneof(fc.constant(undefined), fc.string(), fc.array(text, { maxLength: 3 })),
  messages: fc.array(message, { maxLength: 6 }),
  tools: fc.option(
    fc.array(
      breakpoint.map((control) => withBreakpoint({ type: 'tool' }, control)),
      { maxLength: 3 },
    ),
    {
      nil: undefined,
    },
  ),
});
const countBreakpoints = (blocks: readonly AnthropicBlock[]) =>
  blocks.filter((item) => item.cache_control !== undefined).length;
const blocksOf = (item: AnthropicMessage): AnthropicBlock[] =>
  typeof item.content === 'string' ? [{ type: 'text', text: item.content }] : item.content;

describe('decorateAnthropicRequest', () => {
  it('adds the pin at the system tail and the recap at the head of the current turn, with breakpoints', () => {
    const decorated = decorateAnthropicRequest(
      {
        system: 'You are a helpful bot.',
        messages: [
          { role: 'user', content: 'Plan the migration' },
          { role: 'assistant', content: [{ type: 'text', text: 'Which region?' }] },
          {
            role: 'user',
            content: [
              { type: 'image', source: { type: 'url', url: 'https://x/y.png' } },
              { type: 'text', text: 'EU, see this' },
            ],
          },
        ],
      },
      notes,
    );
    expect(decorated.system).toEqual([
      { type: 'text', text: 'You are a helpful bot.' },
      { type: 'text', text: notes.pin, cache_control: EPHEMERAL },
    ]);
    expect(decorated.currentTurn).toBe(2);
    expect(decorated.messages[1]?.content).toEqual([{ type: 'text', text: 'Which region?', cache_control: EPHEMERAL }]);
    expect(decorated.messages[2]?.content).toEqual([
      { type: 'image', source: { type: 'url', url: 'https://x/y.png' } },
      { type: 'text', text: `${notes.recap}EU, see this` },
    ]);
    expect(decorated.droppedBreakpoints).toEqual([]);
  });

  it('gives a turn without text (an image alone) the recap as a block of its own, after any tool results', () => {
    const image = { type: 'image', source: { type: 'url', url: 'https://x/y.png' } };
    const result = { type: 'tool_result', tool_use_id: 't1', content: 'done' };
    const decorated = decorateAnthropicRequest({ messages: [{ role: 'user', content: [result, image] }] }, notes);
    expect(decorated.currentTurn).toBe(0);
    expect(decorated.messages[0]?.content).toEqual([result, { type: 'text', text: notes.recap.trimEnd() }, image]);
  });

  it('puts memory into the turn that has text, never into a message of tool results', () => {
    const messages: AnthropicMessage[] = [
      { role: 'user', content: 'What is the weather in Lisbon?' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'weather', input: { city: 'Lisbon' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: '21°C' }] },
    ];
    expect(findCurrentTurn(messages)).toBe(0);
    const decorated = decorateAnthropicRequest({ messages }, notes);
    expect(decorated.messages[0]?.content).toBe(`${notes.recap}What is the weather in Lisbon?`);
    expect(decorated.messages[2]).toBe(messages[2]);
  });

  it("does not take a client's <system-reminder> beside tool results for a turn, nor a message of reminders", () => {
    const reminder = { type: 'text', text: '<system-reminder>\nnotes.txt was modified\n</system-reminder>' };
    const messages: AnthropicMessage[] = [
      { role: 'user', content: [reminder, { type: 'text', text: 'Read notes.txt' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Read', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'hi' }, reminder] },
      { role: 'user', content: [reminder] },
    ];
    expect(findCurrentTurn(messages)).toBe(0);
    expect(findCurrentTurn([{ role: 'user', content: [reminder] }])).toBe(-1);
  });

  it("keeps the caller's breakpoints and adds none past 4, saying which it dropped", () => {
    const marked = (value: string): AnthropicTextBlock => ({ type: 'text', text: value, cache_control: EPHEMERAL });
    const decorated = decorateAnthropicRequest(
      {
        system: [marked('a'), marked('b'), marked('c')],
        messages: [
          { role: 'user', content: 'first' },
          { role: 'assistant', content: 'reply' },
          { role: 'user', content: 'now' },
        ],
      },
      notes,
    );
    // Three of the caller's and the pin's make four: the history's is dropped.
    expect(decorated.system.at(-1)).toEqual({ type: 'text', text: notes.pin, cache_control: EPHEMERAL });
    expect(decorated.droppedBreakpoints).toEqual(['history']);
    const tools = [1, 2, 3].map((index) => ({ name: `tool-${index}`, cache_control: EPHEMERAL }));
    const full = decorateAnthropicRequest({ system: [marked('a')], messages: [], tools }, notes);
    expect(full.system.at(-1)).toEqual({ type: 'text', text: notes.pin });
    expect(full.droppedBreakpoints).toEqual(['pin']);
  });

  it('changes nothing but what it adds, in place, for any request (property)', () => {
    fc.assert(
      fc.property(request, (input) => {
        const frozen = structuredClone(input);
        const decorated = decorateAnthropicRequest(input, notes);
        // The input itself is never changed.
        expect(input).toEqual(frozen);
        const callerSystem =
          typeof input.system === 'string'
            ? input.system === ''
              ? []
              : [{ type: 'text', text: input.system }]
            : (input.system ?? []);
        expect(decorated.system.slice(0, callerSystem.length)).toEqual(callerSystem);
        expect(decorated.system.at(-1)?.text).toBe(notes.pin);
        expect(decorated.messages).toHaveLength(input.messages.length);
        const current = findCurrentTurn(input.messages);
        expect(decorated.currentTurn).toBe(current);
        const toolBreakpoints = countBreakpoints((input.tools ?? []) as AnthropicBlock[]);
        let breakpointsBefore = toolBreakpoints;
        let breakpointsAfter = toolBreakpoints;
        breakpointsBefore += countBreakpoints(callerSystem as AnthropicBlock[]);
        breakpointsAfter += countBreakpoints(decorated.system);
        input.messages.forEach((original, index) => {
          const after = decorated.messages[index] as AnthropicMessage;
          expect(after.role).toBe(original.role);
          breakpointsBefore += countBreakpoints(blocksOf(original));
          breakpointsAfter += countBreakpoints(blocksOf(after));
          if (index !== current && index !== current - 1) expect(after).toBe(original);
          if (index === current && !blocksOf(original).some((item) => item.type === 'text')) {
            // No text of its own: the recap is a block of its own, after the tool results, the rest unchanged.
            const blocks = blocksOf(after);
            const at = blocks.findIndex((item) => item.type === 'text');
            expect(blocks[at]).toEqual({ type: 'text', text: notes.recap.trimEnd() });
            expect(blocks.slice(0, at).every((item) => item.type === 'tool_result')).toBe(true);
            expect([...blocks.slice(0, at), ...blocks.slice(at + 1)]).toEqual(blocksOf(original));
          } else if (index === current) {
            const firstText = blocksOf(original).findIndex((item) => item.type === 'text');
            blocksOf(after).forEach((item, at) => {
              if (at !== firstText) expect(item).toEqual(blocksOf(original)[at]);
              else
                expect(item).toEqual({
                  ...blocksOf(original)[at],
                  text: `${notes.recap}${(blocksOf(original)[at] as AnthropicTextBlock).text}`,
                });
            });
          }
          if (index === current - 1) {
            // The same blocks; at most the last gained a breakpoint.
            const beforeBlocks = blocksOf(original);
            blocksOf(after).forEach((item, at) => {
              const { cache_control: _, ...rest } = item;
              const { cache_control: __, ...originalRest } = beforeBlocks[at] as AnthropicBlock;
              expect(rest).toEqual(originalRest);
              if (beforeBlocks[at]?.cache_control !== undefined)
                expect(item.cache_control).toEqual(beforeBlocks[at]?.cache_control);
            });
          }
        });
        const added = 2 - decorated.droppedBreakpoints.length - (current > 0 ? 0 : 1);
        expect(breakpointsAfter).toBeLessThanOrEqual(Math.max(MAX_CACHE_BREAKPOINTS, breakpointsBefore));
        expect(breakpointsAfter - breakpointsBefore).toBeLessThanOrEqual(Math.max(0, added));
      }),
      { numRuns: 500 },
    );
  });
});
