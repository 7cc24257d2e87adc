import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { forgetScenario, ID_POOL } from '../support/forget-scenario.js';

const directory = mkdtempSync(join(tmpdir(), 'memstack-forget-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** Nothing of the forgotten user anywhere, nothing of the others lost. */
const CLEAN = {
  inApi: [],
  inRequests: [],
  inFile: [],
  inIndex: [],
  bytesLeft: 0,
  othersFactsChanged: 0,
  othersTurnsLost: 0,
  // The checks above could not pass by deleting everything.
  othersKept: true,
};

describe('forget forgets, whatever the ids, and only what it was asked to', () => {
  it('leaves nothing of a forgotten user in any API result, any request or the file, and keeps the others (property)', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.constantFrom(...ID_POOL), { minLength: 2, maxLength: 3 }),
        fc.nat(),
        fc.boolean(),
        async (users, pick, waitForExtraction) => {
          const outcome = await forgetScenario({
            path: join(directory, `forget-${run++}.db`),
            users,
            forgotten: pick % users.length,
            waitForExtraction,
          });
          expect(outcome).toMatchObject(CLEAN);
          expect(outcome.turnsForgotten).toBeGreaterThan(0);
        },
      ),
      { numRuns: 12 },
    );
  }, 240_000);

  it('forgets a user with hundreds of turns and facts (removed a batch per transaction) as completely', async () => {
    // 12 rounds: 108 exchanges of the forgotten user (216 turns) across three sessions, and 250 direct facts, so
    // that both the facts and the turns take several transactions.
    const outcome = await forgetScenario({
      path: join(directory, 'forget-large.db'),
      users: ['ana_lee', 'ana-lee'],
      forgotten: 0,
      waitForExtraction: false,
      rounds: 12,
      directFacts: 250,
    });
    expect(outcome).toMatchObject(CLEAN);
    expect(outcome.turnsForgotten).toBeGreaterThan(200);
  }, 120_000);
});
