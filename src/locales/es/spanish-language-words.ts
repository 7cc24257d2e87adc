/**
 * Spanish words besides its stop words that tell a text is Spanish, lower case: adverbs and verbs of everyday
 * statements ("ya no fumo", "tengo dos gatos"), laughter, and "usuario", the subject of the facts memstack writes in
 * Spanish. Some are also English words ("sin", "solo", "tan"), which is why the stop words leave them out: as votes
 * they count only beside the others.
 */
export const SPANISH_LANGUAGE_WORDS: readonly string[] = `
ahora ayer bastante casi después entonces hoy jaja jajaja ser sin sino solo sólo tan tengo tiene tienen ya usuario
`
  .split(/\s+/u)
  .filter((word) => word !== '');
