import { describe, expect, it } from 'vitest';
import { readIdentity } from './read-identity.js';

const none = new Headers();
/** What Claude Code 2.1 puts in `metadata.user_id`. */
const claudeCode = (account: string, session: string) =>
  JSON.stringify({ device_id: 'a33dd317', account_uuid: account, session_id: session });

describe('readIdentity', () => {
  it('takes the x-memstack headers first, whatever the body says', () => {
    const headers = new Headers({ 'x-memstack-user': 'alice', 'x-memstack-thread': 'billing' });
    expect(readIdentity(headers, claudeCode('', 's1'), 'proxy')).toEqual({
      scope: { agentId: 'proxy', userId: 'alice', threadId: 'billing' },
      source: 'headers',
    });
  });

  it('gives every Claude Code session of a device (or account) one user, not one user per session', () => {
    const first = readIdentity(none, claudeCode('', 'session-1'), 'proxy');
    const second = readIdentity(none, claudeCode('', 'session-2'), 'proxy');
    expect(first).toEqual({ scope: { agentId: 'proxy', userId: 'a33dd317' }, source: 'body' });
    expect(second).toEqual(first);
    expect(readIdentity(none, claudeCode('0b9c-account', 'session-3'), 'proxy')?.scope.userId).toBe('0b9c-account');
  });

  it('takes any other user field as it is, and passes a request without one through', () => {
    expect(readIdentity(none, 'user-42', 'proxy')?.scope.userId).toBe('user-42');
    expect(readIdentity(none, '{"id": 42}', 'proxy')?.scope.userId).toBe('{"id": 42}');
    expect(readIdentity(none, '{not json', 'proxy')?.scope.userId).toBe('{not json');
    expect(readIdentity(none, '  ', 'proxy')).toBeUndefined();
    expect(readIdentity(none, undefined, 'proxy')).toBeUndefined();
  });
});
