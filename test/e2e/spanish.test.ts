import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryStack, heuristicExtractor, type MemoryStack } from '../../src/index.js';
import { sqliteStore } from '../../src/sqlite.js';

// Messages written for this test, none from the extraction sets: a Spanish conversation through a real stack with
// the offline extractor (the Spanish locale pack and nothing else).
const scope = { agentId: 'asistente', userId: 'lucia' };
const session = { ...scope, threadId: 'mudanza' };

describe('a Spanish conversation with the heuristic extractor', () => {
  let stack: MemoryStack;
  afterEach(async () => {
    await stack.close();
  });

  it('pins a Spanish request, grows it with the answer to a question, and keeps Spanish facts', async () => {
    stack = createMemoryStack({ store: sqliteStore({ path: ':memory:' }), extractor: heuristicExtractor() });
    const first = await stack.prepare({
      ...session,
      text: '¡Hola! Prepárame una lista de tareas para la mudanza del mes que viene, como máximo veinte puntos.',
    });
    await stack.record(first, { text: 'Claro. ¿Te mudas con mascotas o sin ellas?' });
    await stack.idle();
    expect((await stack.session(session)).pinned).toContain('lista de tareas para la mudanza');

    const second = await stack.prepare({ ...session, text: 'Con mi gata Nube, y vivo en un tercero sin ascensor.' });
    await stack.record(second, { text: 'Entendido, lo tendré en cuenta.' });
    await stack.idle();
    const pinned = (await stack.session(session)).pinned ?? '';
    expect(pinned).toContain('¿Te mudas con mascotas o sin ellas? → Con mi gata Nube');

    const facts = (await stack.facts.list(scope)).map((fact) => fact.text);
    expect(facts).toContain('Usuario vive en un tercero sin ascensor');

    const third = await stack.prepare({ ...session, text: '¿Dónde vivo ahora mismo?' });
    expect(third.request.messages.at(-1)?.content.at(-1)?.text).toContain('Usuario vive en un tercero sin ascensor');
  });

  it('keeps nothing of Spanish small talk, questions or hypotheses', async () => {
    stack = createMemoryStack({ store: sqliteStore({ path: ':memory:' }), extractor: heuristicExtractor() });
    for (const text of ['vale, muchas gracias!', '¿Qué hora es en Bogotá?', 'si fuera rico viviría en Ibiza jaja']) {
      const prepared = await stack.prepare({ ...session, text });
      await stack.record(prepared, { text: 'De acuerdo.' });
    }
    await stack.idle();
    expect(await stack.facts.list(scope)).toEqual([]);
  });
});
