/**
 * Spanish lines that introduce, wrap or replace a list of facts ("Aquí están los hechos clave:", "No hay hechos
 * nuevos."), and a model's refusals or asides ("Lo siento, no puedo…", "Como modelo de lenguaje…"). Tested on the
 * cleaned text: accents are optional in each pattern.
 */
export const SPANISH_FACT_PREAMBLES: readonly RegExp[] = [
  /^(aqu[ií] (est[aá]n|tienes|van?)\b|(estos|estas) son (los|las) (hechos|datos)\b|a continuaci[oó]n\b|claro[,!]|por supuesto[,!]|de acuerdo[,!])/i,
  /^(no hay|no se (encontraron|han encontrado|encontr[oó])|ning[uú]n|sin) (hechos?|datos?)\b/i,
  /^(los |las )?(hechos|datos) (clave|relevantes|extra[ií]dos|nuevos|importantes)( (del usuario|de (esta|la) conversaci[oó]n))?[.!:]?$/i,
  /^(ninguno|ninguna|nada|n\/a)( (que extraer|encontrado|nuevo))?[.!]?$/i,
  /^((lo siento|perd[oó]n|disculpa)[,.]? (pero )?(no puedo|no encontr[eé]|no tengo)|como (un )?(modelo de lenguaje|ia|asistente de ia|inteligencia artificial)\b)/i,
];
