import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reindexSessionTurns } from './reindex-session-turns.js';
import { sqliteStore } from './sqlite-store.js';

const SESSION = { key: 'thread', uuid: 'u', agentId: 'bot', channelId: null, threadId: 'team' };

describe('forget in batches', () => {
  it('leaves the turn index exactly as a full re-index would: the turns beside each forgotten one are re-indexed (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        // Who speaks each exchange of one shared thread; long enough runs to take several batches of 100 turns.
        fc.array(fc.constantFrom('ana', 'bo', 'cy'), { minLength: 1, maxLength: 160 }),
        async (speakers) => {
          const store = sqliteStore({ path: ':memory:' });
          for (const [index, userId] of speakers.entries()) {
            await store.sessions.appendExchange({
              session: SESSION,
              userId,
              user: { text: `${userId} message ${index} 我们讨论第${index}个问题`, tokens: 4 },
              assistant: { text: `reply ${index} to ${userId}`, tokens: 3 },
              taskSource: index === 0,
              injectedFactIds: [],
              at: new Date(Date.UTC(2026, 0, 1 + (index % 28))),
            });
          }
          const report = await store.forget({ agentId: 'bot', userId: 'ana' });
          expect(report.turns).toBe(2 * speakers.filter((userId) => userId === 'ana').length);
          const snapshot = () =>
            JSON.stringify([
              store.database
                .prepare('SELECT rowid, session, text, context, dated FROM turns_words ORDER BY rowid')
                .all(),
              store.database.prepare('SELECT rowid, session, grams, context_grams FROM turns_cjk ORDER BY rowid').all(),
            ]);
          const afterForget = snapshot();
          expect(afterForget).not.toContain('ana');
          reindexSessionTurns(store.database, SESSION.key);
          expect(afterForget).toBe(snapshot());
          await store.close();
        },
      ),
      { numRuns: 40 },
    );
  }, 60_000);

  it('forgets a whole thread of hundreds of turns, and the facts drawn from it, and nothing else', async () => {
    const store = sqliteStore({ path: ':memory:' });
    const other = { ...SESSION, key: 'other', threadId: 'other' };
    for (let index = 0; index < 130; index += 1) {
      for (const session of [SESSION, other]) {
        const { userTurnId } = await store.sessions.appendExchange({
          session,
          userId: index % 2 === 0 ? 'ana' : 'bo',
          user: { text: `message ${index}`, tokens: 2 },
          assistant: { text: `reply ${index}`, tokens: 2 },
          taskSource: index === 0,
          injectedFactIds: [],
          at: new Date(),
        });
        await store.facts.insert(
          { agentId: 'bot', userId: 'ana' },
          {
            text: `fact ${index} of ${session.key}`,
            hash: `${session.key}${index}`,
            sourceSessionKey: session.key,
            sourceTurnId: userTurnId,
            source: 'user',
            at: new Date(),
          },
        );
      }
    }
    expect(await store.forget({ agentId: 'bot', threadId: 'team' })).toEqual({
      sessions: 1,
      turns: 260,
      facts: 130,
      factsRewritten: 0,
    });
    const count = (sql: string) => (store.database.prepare(sql).get() as { n: number }).n;
    expect(count("SELECT count(*) AS n FROM turns WHERE session_key = 'thread'")).toBe(0);
    expect(count("SELECT count(*) AS n FROM turns WHERE session_key = 'other'")).toBe(260);
    expect(count("SELECT count(*) AS n FROM facts WHERE source_session_key = 'other'")).toBe(130);
    expect(count('SELECT count(*) AS n FROM facts')).toBe(130);
    expect(count("SELECT count(*) AS n FROM sessions WHERE key = 'thread'")).toBe(0);
    await store.close();
  });

  it('forgets more sessions than one batch takes, and their jobs: a whole agent, and a user who spoke in each', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'memstack-forget-'));
    const store = sqliteStore({ path: join(directory, 'memory.db') });
    try {
      const sessions = 1100;
      for (const agentId of ['bot', 'kept']) {
        for (let index = 0; index < sessions; index += 1) {
          await store.sessions.appendExchange({
            session: {
              key: `${agentId}-${index}`,
              uuid: `${agentId}${index}`,
              agentId,
              channelId: null,
              threadId: `${index}`,
            },
            userId: 'ana',
            user: { text: `message ${index}`, tokens: 2 },
            assistant: { text: `reply ${index}`, tokens: 2 },
            taskSource: false,
            injectedFactIds: [],
            at: new Date(),
            extraction: { previousTurnId: null },
          });
        }
      }
      const count = (sql: string) => (store.database.prepare(sql).get() as { n: number }).n;
      expect(await store.forget({ agentId: 'bot' })).toEqual({
        sessions,
        turns: 2 * sessions,
        facts: 0,
        factsRewritten: 0,
      });
      expect(await store.forget({ agentId: 'kept', userId: 'ana' })).toEqual({
        sessions,
        turns: 2 * sessions,
        facts: 0,
        factsRewritten: 0,
      });
      expect(count('SELECT count(*) AS n FROM sessions')).toBe(0);
      expect(count('SELECT count(*) AS n FROM turns')).toBe(0);
      expect(count('SELECT count(*) AS n FROM jobs')).toBe(0);
    } finally {
      await store.close();
      rmSync(directory, { recursive: true, force: true });
    }
  }, 120_000);
});
