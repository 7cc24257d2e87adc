import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchStore } from '../../bench/bench-store.js';
import { loadLocomo } from '../../bench/locomo.js';
import { locomoRecall } from '../../bench/retrieval.js';
import { openaiCompatibleEmbedder } from '../../src/openai-compatible.js';
import { type EmbeddingsServer, startEmbeddingsServer } from '../support/embeddings-server.js';

/** A LoCoMo-shaped chat whose one question shares no word with its evidence, only a meaning (kitten / pet). */
const CHAT = [
  {
    sample_id: 'chat-1',
    conversation: {
      speaker_a: 'Ann',
      speaker_b: 'Bo',
      session_1_date_time: '2024-05-01T10:00:00Z',
      session_1: [
        { speaker: 'Ann', dia_id: 'D1:1', text: 'I work night shifts as a nurse.' },
        { speaker: 'Bo', dia_id: 'D1:2', text: 'That sounds tiring.' },
        { speaker: 'Ann', dia_id: 'D1:3', text: 'We adopted a kitten called Miso yesterday.' },
        { speaker: 'Bo', dia_id: 'D1:4', text: 'Congratulations!' },
        { speaker: 'Ann', dia_id: 'D1:5', text: 'Our garden needs new tomatoes.' },
        { speaker: 'Bo', dia_id: 'D1:6', text: 'Try cherry tomatoes.' },
      ],
    },
    observation: {
      session_1_observation: {
        Ann: [
          ['Ann works night shifts as a nurse.', 'D1:1'],
          ['Ann adopted a kitten called Miso.', 'D1:3'],
          ['Ann grows tomatoes in her garden.', 'D1:5'],
        ],
      },
    },
    qa: [{ question: 'Which pet joined the family?', evidence: ['D1:3'], category: 4 }],
  },
];

describe('the retrieval bench with an embedder (--embed-base-url, --embed-model)', () => {
  let server: EmbeddingsServer;
  let directory: string;
  beforeAll(async () => {
    server = await startEmbeddingsServer({ dimensions: 1024, concepts: { kitten: 'pet', pet: 'pet' } });
    directory = mkdtempSync(join(tmpdir(), 'memstack-retrieval-'));
  });
  afterAll(async () => {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('ranks turns and facts with their vectors in a store of their own, beside the lexical ranking', async () => {
    const path = join(directory, 'chat.json');
    writeFileSync(path, JSON.stringify(CHAT));
    const embedder = openaiCompatibleEmbedder({ baseURL: server.baseURL, model: 'hash-embed', dimensions: 1024 });
    const result = await locomoRecall(
      loadLocomo(path),
      { sqlite: benchStore('sqlite'), postgres: undefined, embedder },
      'chat.json',
    );
    for (const granularity of ['turns', 'facts']) {
      // Lexically the question finds nothing; by meaning its evidence comes first.
      expect(result[granularity]?.memstack.r10).toBe(0);
      expect(result[granularity]?.vectors?.r1).toBe(1);
    }
    // Every item was embedded before the questions: 6 turns and 3 facts, besides the one question per ranking.
    const embedded = server.requests.flatMap((request) => request.input);
    expect(embedded.filter((text) => text.includes('kitten'))).toHaveLength(2);
  });

  it('stops when the embedder fails, instead of measuring the lexical ranking under the vectors name', async () => {
    const path = join(directory, 'chat.json');
    const embedder = openaiCompatibleEmbedder({ baseURL: server.baseURL, model: 'hash-embed', dimensions: 1024 });
    server.mode = 'status-500';
    try {
      await expect(
        locomoRecall(loadLocomo(path), { sqlite: benchStore('sqlite'), postgres: undefined, embedder }, 'x'),
      ).rejects.toThrow(/the embedder failed \(hash-embed\): backfill/);
    } finally {
      server.mode = 'ok';
    }
  });

  it('leaves the vectors out when no embedder is given', async () => {
    const path = join(directory, 'chat.json');
    const result = await locomoRecall(loadLocomo(path), { sqlite: benchStore('sqlite'), postgres: undefined }, 'x');
    expect(result.turns?.vectors).toBeUndefined();
    expect(result.facts?.vectors).toBeUndefined();
  });
});
