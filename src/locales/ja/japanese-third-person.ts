/** "私は…が好きです" → "ユーザーは…が好きです"; null without a first-person subject. */
export function rewriteJapanese(text: string): string | null {
  const team = /^(?:私たち|僕たち|我々|われわれ|うち|弊社)(の|は|が|も|では)/.exec(text);
  if (team?.[1])
    return `${team[1] === 'の' ? 'ユーザーの' : `ユーザーのチーム${team[1]}`}${text.slice(team[0].length)}`;
  const person = /^(?:私|僕|俺|わたし|ぼく|おれ|自分)(は|が|も|の)/.exec(text);
  if (person?.[1]) return `ユーザー${person[1]}${text.slice(person[0].length)}`;
  return null;
}
