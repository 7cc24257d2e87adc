/**
 * Spanish function words, lower case, with and without accents: a text without a script of its own is read as
 * Spanish when it has more of them than of another pack's language words. Words English shares ("a", "no", "me")
 * count for both, so the words only Spanish has decide.
 */
export const SPANISH_LANGUAGE_WORDS: readonly string[] = `
al algo alguna algunas alguno algunos aqui aquí asi así aun aún bastante cada casi como cómo cual cuál cuales cuáles
cuando cuándo cuanto cuánto de del desde donde dónde durante el él ella ellas ellos en entonces entre es esa esas ese
eso esos esta está estaba estamos estan están estar estas estás este esto estos estoy fue fui habia había hasta hemos
la las les los mas más mi mí mis mucho mucha muchos muchas muy nada ni nos nosotros nuestra nuestro nuestros otra
otras otro otros para pero poco porque pues que qué quien quién se ser si sí siempre sino sobre somos soy su sus
tambien también tengo tiene tienen todo toda todos todas tu tú tus un una unas uno unos usted vale y ya yo hola
gracias jaja jajaja oye bueno ahora antes después despues hoy ayer a no me te se he ha han sin tan solo sólo lo le
`
  .split(/\s+/u)
  .filter((word) => word !== '');
