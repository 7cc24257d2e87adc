/** Japanese clauses joined by a comma after the te-form: "東京に住んでいて、ソニーで働いています". */
export function splitJapaneseClauses(sentence: string): string[] {
  return (
    sentence
      // "夫はエンジニアで、私は主婦です": a copula's te-form before a clause with its own topic ends a clause too.
      .split(/(?<=て)[、,，]|(?<=[^\sはがをにと]で)[、,，](?=[^、,，]{1,12}は)/)
      .map((clause) =>
        clause
          .trim()
          .replace(/ていて$/, 'ています')
          .replace(/でいて$/, 'でいます')
          .replace(/(?<=[^\sはがをにとて])で$/, 'です'),
      )
      .filter((clause) => clause !== '')
  );
}
