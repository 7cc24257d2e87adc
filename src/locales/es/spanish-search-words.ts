import type { LocaleSearch } from '../locale-pack.js';
import { spanishStem } from './spanish-stem.js';

/**
 * Spanish search words; the Snowball Spanish stemmer is the index's for a text written mostly in Spanish (decision
 * 30). The stop words are written as Spanish is written, with their accents (the table adds each without them, as
 * people type on phones). Left out: the forms that are also everyday words of another Latin-script language in
 * play ("son", "era", "eras", "sin", "sea", "van", "tan", "solo", "once", "ante", "ya", "os"), which would drop that
 * language's words from its queries and make its texts look Spanish; the words shared with another language's stop
 * words ("a", "me", "no") count for both.
 */
export const spanishSearchWords: LocaleSearch = {
  stopWords: `a al algo algún alguna algunas alguno algunos allí ahí aquí aquel aquella aquellas aquellos así aún aunque
  cada como cómo con contigo conmigo cual cuál cuales cuáles cualquier cuando cuándo cuanta cuánta cuantas cuántas
  cuanto cuánto cuantos cuántos de del desde donde dónde durante el él ella ellas ello ellos en entre éramos
  eran es esa esas ese eso esos esta está estaba estabas estábamos estaban estamos están estar estas estás este
  esto estos estoy estuve estuvo fue fui fuimos fueron ha había habían han has hasta hay he hemos hola gracias vale
  bueno oye la las le les lo los más mas me mi mí mis mía mío mías míos mucho mucha muchos muchas muy nada ni no nos
  nosotros nosotras nuestra nuestras nuestro nuestros o otra otras otro otros para pero poco por porque pues que qué
  quien quién quienes quiénes se sí si siempre sido sobre somos soy su sus suya suyo también tampoco te ti toda
  todas todo todos tu tú tus tuya tuyo un una unas uno unos usted ustedes vosotros vosotras vuestra vuestro y yo
  acuerdas recuerdas dime creo sabes`
    .split(/\s+/)
    .filter(Boolean),
  // With and without their accents: a query keeps the accents it is typed with.
  pastReferenceWords: `decidimos decidí decidi decidiste decidido dijimos dijiste dije dicho hablamos hablado comentamos
  comentado mencionaste mencioné mencione mencionado acordamos acordado quedamos antes anterior última ultima último
  ultimo vez`
    .split(/\s+/)
    .filter(Boolean),
  indexStem: spanishStem,
};
