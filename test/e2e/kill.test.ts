import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killDuringWrites } from '../support/kill-during-writes.js';

const directory = mkdtempSync(join(tmpdir(), 'memstack-kill-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('kill -9 during writes', () => {
  it('loses no acknowledged turn and leaves a sound file', async () => {
    const result = await killDuringWrites({ path: join(directory, 'killed.db'), kills: 5 });
    expect(result).toMatchObject({ kills: 5, lost: 0, torn: 0, unsound: 0 });
    expect(result.acknowledged).toBeGreaterThan(0);
  }, 120_000);
});
