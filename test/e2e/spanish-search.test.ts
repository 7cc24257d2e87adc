import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { buildFactDocument } from '../../src/core/search/build-fact-document.js';
import { createMemoryStack, type MemoryStack } from '../../src/index.js';
import { copySqliteToPostgres, postgresStore } from '../../src/postgres.js';
import { sqliteStore } from '../../src/sqlite.js';
import { bothStores } from '../support/both-stores.js';
import { dropSchemas, NO_POSTGRES, TEST_POSTGRES_URL, uniqueSchema } from '../support/test-postgres.js';

interface SearchCheck {
  id: string;
  fact: string;
  query: string;
  shouldMatch?: boolean;
}
const FIXTURE: { checks: SearchCheck[] } = JSON.parse(
  readFileSync(new URL('../fixtures/spanish-search.json', import.meta.url), 'utf8'),
);

/**
 * The checks of the fixture (written before the stemmer was wired) that fail, each for a reason of the Snowball
 * stemmer itself, not of the search: they are listed so that a change in either direction is seen.
 */
const KNOWN_FAILURES = [
  // "usábamos" stems to "usab", "usa" to "usa": the stem of a verb of three letters is its whole present form.
  'es-s05',
  // "despliega" / "desplegamos": the stem changes its vowel (e to ie), which no suffix stemmer undoes.
  'es-s19',
  // "licencie" (the accent of "licencié" left out) keeps the root's "i": "licenci", against "licenc" of "licenció".
  'es-s30',
  // Negatives that collide: "casa" and "casado" both stem to "cas", "mesa" and "mes" to "mes".
  'es-sn01',
  'es-sn10',
];

const schemas: string[] = [];
afterAll(() => dropSchemas(...schemas));

for (const [name, openStore] of bothStores('spanish', schemas)) {
  describe.skipIf(openStore === null)(
    `Spanish search on ${name}${openStore === null ? ` (${NO_POSTGRES})` : ''}`,
    () => {
      const open = async (): Promise<MemoryStack> =>
        createMemoryStack({ store: await (openStore as () => Promise<never>)() });

      it('finds an inflected form and ignores accents: "vivía" finds "vive", "malaga" finds "Málaga"', async () => {
        const stack = await open();
        try {
          const scope = { agentId: 'bot', userId: 'lucia' };
          const lives = await stack.facts.add(scope, 'Mi hermana vive en Málaga');
          await stack.facts.add(scope, 'Mi hermana trabaja en un hospital');
          await stack.facts.add(scope, 'User deploys the billing service with Terraform');
          for (const question of ['¿Dónde vivía mi hermana?', '¿vivía allí?', 'malaga', 'MALAGA?', '¿y en Malaga?']) {
            const hits = await stack.facts.search(scope, question, { limit: 3 });
            expect(hits[0]?.id, question).toBe(lives.id);
          }
          // English search is what it was: Porter's stems, "deploying" finds "deploys".
          const english = await stack.facts.search(scope, 'Which tool is the user deploying with?', { limit: 3 });
          expect(english[0]?.text).toContain('Terraform');
        } finally {
          await stack.close();
        }
      });

      it('passes the fixture written before the stemmer was wired, but for the stemmer failures it lists', async () => {
        const stack = await open();
        try {
          const failed: string[] = [];
          for (const check of FIXTURE.checks) {
            const scope = { agentId: 'bot', userId: check.id };
            const fact = await stack.facts.add(scope, check.fact);
            const hits = await stack.facts.search(scope, check.query, { limit: 3 });
            if (hits.some((hit) => hit.id === fact.id) !== (check.shouldMatch ?? true)) failed.push(check.id);
          }
          expect(FIXTURE.checks).toHaveLength(40);
          expect(failed).toEqual(KNOWN_FAILURES);
        } finally {
          await stack.close();
        }
      });

      it('finds a Spanish turn by an inflected form of its words', async () => {
        const stack = await open();
        try {
          const scope = { agentId: 'bot', userId: 'lucia' };
          const prepared = await stack.prepare({ ...scope, text: 'Mi hermano trabajaba en una panadería de Córdoba' });
          await stack.record(prepared, { text: 'Entendido.' });
          for (const question of ['¿dónde trabajaste?', '¿sigues trabajando en la panaderia?']) {
            const hits = await stack.searchTurns(scope, question, { limit: 3 });
            expect(hits[0]?.text, question).toContain('panadería');
          }
        } finally {
          await stack.close();
        }
      });
    },
  );
}

/**
 * A store written by the version before documents were stemmed by language (Porter's stemmer on every word of every
 * language): `test/fixtures/store-before-stemming-by-language.sqlite`, built with that version's `createMemoryStack`
 * (`facts.add` of the four facts below, three exchanges through `prepare` and `record`). Its rows keep their tokens:
 * a query is searched under Porter's stems too, so each row finds what it found before, without a re-index.
 */
describe('rows indexed before documents were stemmed by language', () => {
  const scope = { agentId: 'bot', userId: 'lucia' };
  const directory = mkdtempSync(join(tmpdir(), 'memstack-old-tokens-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));
  const copyOfFixture = (): string => {
    const path = join(directory, `${Math.random().toString(36).slice(2)}.sqlite`);
    copyFileSync(new URL('../fixtures/store-before-stemming-by-language.sqlite', import.meta.url), path);
    return path;
  };

  it('hold the old tokens (which the current code would write otherwise)', () => {
    const database = new Database(copyOfFixture(), { readonly: true });
    const rows = database.prepare('SELECT text, text_tokens FROM facts ORDER BY id').all() as Array<{
      text: string;
      text_tokens: string;
    }>;
    database.close();
    expect(rows.find((row) => row.text === 'Usuario vive en Málaga')?.text_tokens).toBe('usuario vive en malaga');
    const changed = rows.filter(
      (row) => buildFactDocument({ text: row.text, at: new Date() }).words.text !== row.text_tokens,
    );
    expect(changed.map((row) => row.text)).toEqual([
      'Usuario vive en Málaga',
      'La hermana del usuario vive en León',
      'Usuario trabajaba en una panadería de Sevilla',
    ]);
  });

  const expectFound = async (stack: MemoryStack): Promise<void> => {
    const searches: Array<[string, string]> = [
      ['malaga', 'Usuario vive en Málaga'],
      ['¿Dónde vive mi hermana?', 'La hermana del usuario vive en León'],
      ['la panaderia', 'Usuario trabajaba en una panadería de Sevilla'],
      ['Which service does the user deploy?', 'User deploys the billing service with Terraform'],
    ];
    for (const [question, expected] of searches) {
      const hits = await stack.facts.search(scope, question, { limit: 3 });
      expect(hits[0]?.text, question).toBe(expected);
    }
    const turns = await stack.searchTurns(scope, 'cordoba', { limit: 3 });
    expect(turns[0]?.text).toContain('Córdoba');
    const kubernetes = await stack.searchTurns(scope, '¿qué usamos? kubernetes', { limit: 3 });
    expect(kubernetes[0]?.text).toContain('Kubernetes');
  };

  it('are found by the new queries in SQLite', async () => {
    const stack = createMemoryStack({ store: sqliteStore({ path: copyOfFixture() }) });
    try {
      await expectFound(stack);
    } finally {
      await stack.close();
    }
  });

  it.skipIf(!TEST_POSTGRES_URL)('are found by the new queries in Postgres, copied as they are', async () => {
    const source = new Database(copyOfFixture());
    const schema = uniqueSchema('oldtokens');
    schemas.push(schema);
    const target = await postgresStore({ connectionString: TEST_POSTGRES_URL as string, schema, jobs: false });
    await copySqliteToPostgres(source as never, target);
    source.close();
    const stack = createMemoryStack({ store: target });
    try {
      await expectFound(stack);
    } finally {
      await stack.close();
    }
  });
});
