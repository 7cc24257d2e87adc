import { describe, expect, it } from 'vitest';
import { distillTask } from './distill-task.js';
import { extractFacts } from './extract-facts.js';

// Sentences written for these tests, none of them from the extraction sets.
const facts = (text: string): string[] => extractFacts(text, { maxFacts: 4 });

describe('Spanish facts (the Spanish locale pack)', () => {
  it.each([
    ['Vivo en Bilbao desde 2019', ['Usuario vive en Bilbao desde 2019']],
    ['vivo en malaga', ['Usuario vive en malaga']],
    ['Trabajo como contable en una gestoría', ['Usuario trabaja como contable en una gestoría']],
    ['Soy vegetariana', ['Usuario es vegetariana']],
    ['Me llamo Inés', ['Usuario se llama Inés']],
    ['Prefiero las respuestas cortas', ['Usuario prefiere las respuestas cortas']],
    ['Me encantan los gatos', ['Al usuario le encantan los gatos']],
    ['Usamos Kotlin en el backend', ['El equipo del usuario usa Kotlin en el backend']],
    ['ya no bebo alcohol', ['Usuario ya no bebe alcohol']],
    ['Me mudé a Lima con mi pareja', ['Usuario se mudó a Lima con su pareja']],
    ['Mi hermana Carmen vive en Cádiz', ['La hermana del usuario, Carmen, vive en Cádiz']],
    ['Nuestro servidor corre en Hetzner', ['El servidor del equipo del usuario corre en Hetzner']],
    ['Soy de Lima pero trabajo en Quito', ['Usuario es de Lima', 'Usuario trabaja en Quito']],
  ])('keeps "%s"', (message, expected) => {
    expect(facts(message)).toEqual(expected);
  });

  it.each([
    'hola, ¿qué tal?',
    'muchas gracias!!',
    '¿Dónde vives tú?',
    'si tuviera tiempo aprendería piano',
    'hoy estoy cansadísimo',
    'necesito un informe cada lunes',
    'mi jefe dice que mañana hay reunión',
  ])('keeps nothing of "%s"', (message) => {
    expect(facts(message)).toEqual([]);
  });

  it('reads Spanish typed without accents, and a preterite by its accent', () => {
    expect(facts('soy celiaco y estudio ingenieria')).toEqual(['Usuario es celiaco', 'Usuario estudia ingenieria']);
    expect(facts('Dejé de fumar en 2020')).toEqual(['Usuario dejó de fumar en 2020']);
  });

  it('pins a Spanish request, not a Spanish greeting', () => {
    expect(
      distillTask('Hola! Escríbeme un correo para el casero pidiendo que arregle la caldera.', {
        maxLength: 600,
        fallbackLength: 300,
      }),
    ).toBe('Escríbeme un correo para el casero pidiendo que arregle la caldera.');
  });
});
