import { afterAll, describe, expect, it } from 'vitest';
import { dropSchemas, NO_POSTGRES, TEST_POSTGRES_URL, uniqueSchema } from '../../../test/support/test-postgres.js';
import { buildSearchQuery, FACT_SEARCH_WEIGHTS } from '../../core/search/build-search-query.js';
import type { FactScope } from '../../spec/scope.js';
import { postgresStore } from './postgres-store.js';
import { rememberedFrequencies } from './remembered-frequencies.js';

const schemas: string[] = [];
afterAll(() => dropSchemas(...schemas), 60_000);

describe('rememberedFrequencies', () => {
  it('forgets a frequency after a minute, and never remembers an absent term', () => {
    const frequencies = rememberedFrequencies();
    frequencies.set('a', 251, 1_000);
    frequencies.set('b', 0, 1_000);
    expect(frequencies.get('a', 60_999)).toBe(251);
    expect(frequencies.get('b', 1_000)).toBeUndefined();
    expect(frequencies.get('a', 61_000)).toBeUndefined();
  });
});

describe.skipIf(!TEST_POSTGRES_URL)(
  `postgresSearch's remembered frequencies${TEST_POSTGRES_URL ? '' : ` (${NO_POSTGRES})`}`,
  () => {
    it('keeps each scope its own frequencies, and finds facts written, removed or superseded after a search', async () => {
      const schema = uniqueSchema('remembered');
      schemas.push(schema);
      const store = await postgresStore({ connectionString: TEST_POSTGRES_URL as string, schema, poolSize: 2 });
      const alice = { agentId: 'bot', userId: 'alice' };
      const bob = { agentId: 'bot', userId: 'bob' };
      let hash = 0;
      const insert = async (scope: FactScope, text: string) => {
        hash += 1;
        const inserted = await store.facts.insert(scope, {
          text,
          hash: `h${hash}`,
          sourceSessionKey: null,
          sourceTurnId: null,
          source: 'api',
          at: new Date(Date.UTC(2024, 0, 1) + hash * 60_000),
        });
        return inserted?.id ?? 0;
      };
      const search = async (scope: FactScope, words: string[]) =>
        (await store.facts.search(scope, buildSearchQuery({ words, cjk: [] }, FACT_SEARCH_WEIGHTS), { limit: 10 })).map(
          (candidate) => candidate.fact.id,
        );
      // Alice: "kafka" in one fact, "deploy" in more than the ranking budget; Bob the other way round.
      const aliceKafka = await insert(alice, 'User runs kafka at home');
      for (let index = 0; index < 260; index += 1) await insert(alice, `User will deploy service${index}`);
      for (let index = 0; index < 260; index += 1) await insert(bob, `User streams kafka topic${index}`);
      const bobDeploy = await insert(bob, 'User likes to deploy on Fridays');
      expect(await search(alice, ['kafka', 'deploy'])).toEqual([aliceKafka]);
      // Alice's frequencies (kafka rare, deploy frequent) would rank Bob's kafka facts: his own rank his one deploy fact.
      expect(await search(bob, ['kafka', 'deploy'])).toEqual([bobDeploy]);
      expect(await search(alice, ['kafka', 'deploy'])).toEqual([aliceKafka]);

      // Remembered as absent, rare and frequent: a fact written after is found at once.
      expect(await search(alice, ['zeppelin'])).toEqual([]);
      const zeppelin = await insert(alice, 'User flew a zeppelin');
      expect(await search(alice, ['zeppelin'])).toEqual([zeppelin]);
      const secondKafka = await insert(alice, 'User tunes kafka brokers');
      expect([...(await search(alice, ['kafka']))].sort()).toEqual([aliceKafka, secondKafka].sort());
      const newestDeploy = await insert(alice, 'User will deploy the zeppelin tracker');
      expect((await search(alice, ['deploy']))[0]).toBe(newestDeploy);

      // Removed and superseded after they were counted: never found again.
      await store.facts.remove(alice, secondKafka);
      expect(await search(alice, ['kafka'])).toEqual([aliceKafka]);
      await store.facts.supersede(alice, newestDeploy, zeppelin);
      const deploys = await search(alice, ['deploy']);
      expect(deploys).toHaveLength(10);
      expect(deploys).not.toContain(newestDeploy);
      expect(await search(alice, ['zeppelin'])).toEqual([zeppelin]);
      await store.close();
    }, 120_000);
  },
);
