// Where a Japanese statement ends a clause: after a te-form ("住んでいて、"); after a copula's te-form or a topic's
// statement before another topic ("夫はエンジニアで、私は…", "フロントはNext.js、認証はAuth0です"); after a reason or a
// contrast ("腰痛持ちなので、…", "生まれは沖縄だけど、…"); at a comma before a new predicate.
const JAPANESE_BREAK =
  /(?<=て)[、,，]|(?<=[^\sはがをにと]で)[、,，](?=[^、,，]{1,12}は)|(?<=は[^、,，]+)[、,，](?=[^、,，]{1,12}は)|(?<=ので|から|けど|けれど|けれども)[、,，]|(?<=ます|です|ました|でした)[、,，]|…+|\.{3,}/;

/**
 * Japanese clauses joined by a comma after the te-form ("東京に住んでいて、ソニーで働いています"), by a reason or a
 * contrast, or by topics side by side; each stated as a finished sentence: a hanging te-form in the past
 * ("楽天辞めて" → 楽天辞めた), a reason's copula as one ("腰痛持ちなので" → 腰痛持ちです).
 */
export function splitJapaneseClauses(sentence: string): string[] {
  return sentence
    .split(JAPANESE_BREAK)
    .map((clause) =>
      clause
        .trim()
        .replace(/[、,，]$/, '')
        .replace(/ていて$/, 'ています')
        .replace(/でいて$/, 'でいます')
        .replace(/(?:なので|だから|だけど|だけれど(?:も)?)$/, 'です')
        .replace(/(?:ので|から|けど|けれど(?:も)?)$/, '')
        .replace(/(?<=[^\sはがをにとて])で$/, 'です')
        // "コーヒーをやめて、紅茶を…": what was left for what follows stays unfinished, the change is the next clause.
        .replace(/(?<=[^\sはがをにと])(?<!やめ|辞め)て$/, 'た')
        .replace(/(?<=[んい])で$/, 'だ'),
    )
    .filter((clause) => clause !== '');
}
