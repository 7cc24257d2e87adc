import { element } from './element.js';
import { rankWords } from './rank-words.js';

/** The place and relevance of one of a ranked list, in words, the raw score on hover. */
export function rankView(
  index: number,
  score: number | null | undefined,
  first: number | null | undefined,
  testId: string,
): HTMLElement {
  const words = rankWords(index, score, first);
  return element(
    'span',
    {
      class: 'rank',
      title: words.detail,
      'data-testid': testId,
      'data-score': typeof score === 'number' ? score : null,
    },
    words.relative === null ? words.rank : `${words.rank}, ${words.relative}`,
  );
}
