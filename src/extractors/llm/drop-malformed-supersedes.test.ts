import { describe, expect, it } from 'vitest';
import { dropMalformedSupersedes } from './drop-malformed-supersedes.js';

describe('dropMalformedSupersedes', () => {
  it('drops a supersedes that is no list of ids, and keeps the rest', () => {
    expect(dropMalformedSupersedes({ facts: ['用户住在成都'], supersedes: 'none' })).toEqual({
      facts: ['用户住在成都'],
    });
    expect(dropMalformedSupersedes({ facts: [], supersedes: [1, 'two'] })).toEqual({ facts: [] });
    expect(dropMalformedSupersedes({ facts: [], supersedes: [-1] })).toEqual({ facts: [] });
    expect(dropMalformedSupersedes({ facts: [], supersedes: null })).toEqual({ facts: [] });
  });

  it('reads ids written as digit strings, and leaves a good list and other values alone', () => {
    expect(dropMalformedSupersedes({ supersedes: ['3', 4] })).toEqual({ supersedes: [3, 4] });
    expect(dropMalformedSupersedes({ supersedes: [] })).toEqual({ supersedes: [] });
    expect(dropMalformedSupersedes({ facts: 'not a list' })).toEqual({ facts: 'not a list' });
    expect(dropMalformedSupersedes([1])).toEqual([1]);
    expect(dropMalformedSupersedes(null)).toBeNull();
  });
});
