// Nouns a person "has" or speaks of as theirs, folded (lower case, no accents): relatives, pets, personal and
// project things, lasting health conditions.
export const SPANISH_RELATIVES =
  'esposa|esposo|marido|mujer|pareja|novio|novia|prometido|prometida|madre|padre|mama|papa|padres|viejos|vieja|viejo|hijo|hija|hijos|hijas|hermano|hermana|hermanos|hermanas|abuelo|abuela|abuelos|tio|tia|tios|primo|prima|suegro|suegra|suegros|familia|amigo|amiga|amigos|companero|companera|jefe|jefa|nieto|nieta|nietos';
export const SPANISH_PETS =
  'perro|perra|perros|perrito|perrita|gato|gata|gatos|gatito|gatita|mascota|mascotas|conejo|loro|pez|peces|hamster|caballo|tortuga';
export const SPANISH_PERSONAL =
  'cumpleanos|nombre|meta|sueno|hobby|trabajo|oficina|casa|ciudad|pueblo|dieta|horario|rutina|equipo|empresa|proyecto|codigo|repo|repositorio|servidor|backend|frontend|base de datos|stack|editor|app|aplicacion|web|monorepo|portatil|ordenador|computadora';
export const SPANISH_CONDITIONS =
  'diabetes|asma|celiaquia|la tension alta|tension alta|hipertension|alergia|migranas|ansiedad|depresion|insomnio|artritis|tdah|epilepsia|colesterol alto|hipotiroidismo';
// A place of work before the verb, which names the team as its subject: "en el equipo usamos pnpm".
export const SPANISH_TEAM_PLACE = 'en (?:el equipo|la ofi|la oficina|el trabajo|la empresa|el curro|el proyecto),?\\s+';
