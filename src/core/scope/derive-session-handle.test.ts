import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemstackError } from '../../spec/errors/memstack-error.js';
import { deriveSessionHandle, generationUuid } from './derive-session-handle.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('deriveSessionHandle', () => {
  it('gives a readable key and a version-5-shaped uuid', () => {
    const handle = deriveSessionHandle({ agentId: 'support', channelId: 'discord:42', threadId: 't 1' });
    expect(handle.key).toBe('support/discord%3A42/t%201');
    expect(handle.uuid).toMatch(UUID);
  });

  it('is stable for identical input and pinned to a known value', () => {
    const a = deriveSessionHandle({ agentId: 'a', channelId: 'c', threadId: 't' });
    const b = deriveSessionHandle({ agentId: 'a', channelId: 'c', threadId: 't' });
    expect(a).toEqual(b);
    // A changed derivation would orphan every stored CLI session: the value is fixed on purpose.
    expect(a.uuid).toBe(deriveSessionHandle({ threadId: 't', channelId: 'c', agentId: 'a' }).uuid);
    expect(a.uuid).toBe('770238eb-f08b-5ace-aa78-fb790a4a4e3c');
  });

  it('cannot be confused by separators inside parts', () => {
    const one = deriveSessionHandle({ agentId: 'a/b', channelId: 'c' });
    const two = deriveSessionHandle({ agentId: 'a', channelId: 'b/c' });
    const three = deriveSessionHandle({ agentId: 'a', channelId: 'b', threadId: 'c' });
    expect(new Set([one.key, two.key, three.key]).size).toBe(3);
    expect(new Set([one.uuid, two.uuid, three.uuid]).size).toBe(3);
  });

  it('treats an absent part and the literal "-" differently', () => {
    const absent = deriveSessionHandle({ agentId: 'a' });
    const dash = deriveSessionHandle({ agentId: 'a', channelId: '-' });
    expect(absent.key).toBe('a/-/-');
    expect(dash.key).toBe('a/%2D/-');
    expect(absent.uuid).not.toBe(dash.uuid);
  });

  it('refuses an empty optional part rather than read it as absent (it would be the agent session)', () => {
    expect(deriveSessionHandle({ agentId: 'a', channelId: undefined })).toEqual(deriveSessionHandle({ agentId: 'a' }));
    expect(() => deriveSessionHandle({ agentId: 'a', channelId: '' })).toThrow(/channelId is blank/);
  });

  it('derives a distinct uuid per generation', () => {
    const scope = { agentId: 'a', threadId: 't' };
    const zero = deriveSessionHandle(scope);
    const one = deriveSessionHandle(scope, 1);
    expect(one.key).toBe(zero.key);
    expect(one.uuid).not.toBe(zero.uuid);
    expect(one.uuid).toMatch(UUID);
  });

  it('rejects a missing agent with a typed error', () => {
    expect(() => deriveSessionHandle({ agentId: ' ' })).toThrow(/agentId/);
    try {
      deriveSessionHandle({ agentId: '' });
    } catch (error) {
      expect(MemstackError.isInstance(error)).toBe(true);
    }
    expect.assertions(2);
  });

  it('maps distinct inputs to distinct handles (property)', () => {
    const part = fc.option(fc.string({ minLength: 1, maxLength: 6 }), { nil: undefined });
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 6 }), part, part, fc.string({ minLength: 1 }), (a, c, t, x) => {
        fc.pre(a.trim() !== '' && (c === undefined || c.trim() !== '') && (t === undefined || t.trim() !== ''));
        const base = deriveSessionHandle({ agentId: a, channelId: c, threadId: t });
        fc.pre(x.trim() !== '' && x !== a);
        const other = deriveSessionHandle({ agentId: x, channelId: c, threadId: t });
        expect(other.uuid).not.toBe(base.uuid);
        expect(other.key).not.toBe(base.key);
        expect(base.uuid).toMatch(UUID);
      }),
    );
  });
});

describe('generationUuid', () => {
  it('is the uuid itself at generation 0, and a distinct stable uuid for each later generation', () => {
    const { uuid } = deriveSessionHandle({ agentId: 'a', threadId: 't' });
    expect(generationUuid(uuid, 0)).toBe(uuid);
    const one = generationUuid(uuid, 1);
    const two = generationUuid(uuid, 2);
    expect(new Set([uuid, one, two]).size).toBe(3);
    expect(generationUuid(uuid, 1)).toBe(one);
    expect(one).toMatch(UUID);
    expect(() => generationUuid(uuid, -1)).toThrow(/generation/);
  });
});
