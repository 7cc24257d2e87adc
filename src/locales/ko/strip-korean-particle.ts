/**
 * Korean particles and the copula endings most often attached to a noun ("학교에서", "프로젝트는", "파이썬이에요"),
 * longest first. Korean is written with spaces, but a word carries its particles, so the word as typed in a question
 * rarely equals the word as stored ("학교에서" asks about "학교에 간다").
 */
const PARTICLES = [
  '이에요',
  '에서는',
  '에게서',
  '한테서',
  '으로는',
  '에서',
  '에게',
  '한테',
  '으로',
  '부터',
  '까지',
  '처럼',
  '보다',
  '하고',
  '이랑',
  '에는',
  '이나',
  '예요',
  '은',
  '는',
  '이',
  '가',
  '을',
  '를',
  '에',
  '의',
  '도',
  '로',
  '와',
  '과',
  '만',
  '랑',
  '나',
];
const SYLLABLES = /^[\uac00-\ud7a3]+$/u;

/**
 * A Korean word without its trailing particle, when at least two syllables remain (a shorter stem would match too
 * much: "나이" stays "나이"). Anything else is returned as it is. The stem is searched as a phrase of bigrams, so it
 * still finds the word with any particle.
 */
export function stripKoreanParticle(word: string): string {
  if (!SYLLABLES.test(word)) return word;
  for (const particle of PARTICLES) {
    if (word.endsWith(particle) && word.length - particle.length >= 2) return word.slice(0, -particle.length);
  }
  return word;
}
