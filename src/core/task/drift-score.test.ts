import { describe, expect, it } from 'vitest';
import { driftScore } from './drift-score.js';

const pinned = 'Migrate the React app from CRA to Vite; keep the Jest tests; do not touch the auth flow';

describe('driftScore', () => {
  it('is 0 for a reply that works on the task, 1 for one that shares none of its terms', () => {
    const onTask = driftScore(
      'Step 1: install Vite, migrate the React entry point, keep Jest tests running, auth flow untouched.',
      { pinned, facts: [] },
    );
    expect(onTask).toMatchObject({ score: 0 });
    const offTask = driftScore('Here is a recipe for banana bread with walnuts.', { pinned, facts: [] });
    expect(offTask).toMatchObject({ score: 1, shared: 0 });
  });

  it('grows as the reply uses fewer of the anchor terms, facts included', () => {
    const partial = driftScore('We can use pnpm to add the dependency.', { pinned, facts: ['User uses pnpm'] });
    expect(partial?.score).toBeGreaterThan(0);
    expect(partial?.score).toBeLessThan(1);
    expect(partial?.shared).toBe(1);
  });

  it('works on Chinese text through character bigrams', () => {
    const anchors = { pinned: '把项目从 Webpack 迁移到 Vite，保留单元测试', facts: [] };
    expect(driftScore('好的，先把项目迁移到 Vite，单元测试保留不动。', anchors)?.score).toBeLessThan(0.5);
    expect(driftScore('今天天气很好，适合散步。', anchors)?.score).toBe(1);
  });

  it('says nothing when there is no pin and no fact', () => {
    expect(driftScore('anything', { pinned: null, facts: [] })).toBeNull();
  });
});
