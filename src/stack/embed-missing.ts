import { stripSenderMetadata } from '../core/text/strip-sender-metadata.js';
import { ConfigError } from '../spec/errors/config-error.js';
import { InvalidInputError } from '../spec/errors/invalid-input-error.js';
import type { FactScope } from '../spec/scope.js';
import type { VectorWrite } from '../spec/vector-store.js';
import { checkLimit } from './check-limit.js';
import { embedTexts } from './embed-texts.js';
import type { EmbedMissingOptions, EmbedMissingReport } from './memory-stack.js';
import type { StackContext } from './stack-context.js';
import { withTimeout } from './with-timeout.js';

/** The rows read, embedded (one embedder call: the adapter's batch) and written at a time. */
export const EMBED_MISSING_BATCH = 64;

/**
 * `stack.embedMissing`: the vectors of the facts and turns stored without one of the embedder's model (before the
 * embedder was set, while it failed, or under another model), computed a batch at a time, facts first, in id
 * order. An embedder failure stops the walk with an `embedding-failed` event (`phase: 'backfill'`) and the counts so
 * far; a store failure rejects. A row edited between its read and its write keeps no vector (the write checks the
 * text), and is found by the next run.
 */
export async function embedMissing(
  context: StackContext,
  options: EmbedMissingOptions | undefined,
): Promise<EmbedMissingReport> {
  const { embedding, store } = context;
  if (embedding === undefined || store.vectors === undefined) {
    throw new ConfigError(
      'INVALID_CONFIG',
      'embedMissing needs an embedder: createMemoryStack({ embedder: openaiCompatibleEmbedder({ ... }) })',
    );
  }
  const limit = checkLimit(options, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  const signal = options?.signal;
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw new InvalidInputError('INVALID_ARGUMENT', 'signal', 'signal must be an AbortSignal');
  }
  const onProgress = options?.onProgress;
  const vectors = store.vectors;
  const { embedder } = embedding;
  const report: EmbedMissingReport = { facts: 0, turns: 0, failed: 0, complete: false };

  /** Walks one kind of row to its end: false when the walk stopped before (a failure, the limit, the signal). */
  const walk = async <Row extends { id: number; text: string }>(
    kind: 'facts' | 'turns',
    read: (afterId: number, limit: number) => Promise<Row[]>,
    write: (rows: Row[], vectors: Float32Array[]) => Promise<void>,
  ): Promise<boolean> => {
    let afterId = 0;
    for (;;) {
      const size = Math.min(EMBED_MISSING_BATCH, limit - report.facts - report.turns);
      if (size <= 0 || signal?.aborted) return false;
      const rows = await read(afterId, size);
      if (rows.length === 0) return true;
      afterId = rows[rows.length - 1]?.id ?? afterId;
      const texts = rows.map((row) => (kind === 'turns' ? stripSenderMetadata(row.text) : row.text));
      let computed: Float32Array[];
      try {
        computed = await withTimeout(context.limits.extractionTimeoutMs, (timeout) =>
          embedTexts(embedder, texts, signal ? AbortSignal.any([signal, timeout]) : timeout),
        );
      } catch (error) {
        // Stopped by the caller: not the embedder's failure.
        if (signal?.aborted) return false;
        report.failed += rows.length;
        context.emit({ type: 'embedding-failed', sessionKey: null, phase: 'backfill', error });
        return false;
      }
      await write(rows, computed);
      report[kind] += rows.length;
      onProgress?.({ ...report });
      if (rows.length < size) return true;
    }
  };

  const factsDone = await walk(
    'facts',
    (afterId, size) => vectors.missingFacts(embedder.model, { afterId, limit: size }),
    async (rows, computed) => {
      for (const [scope, writes] of grouped(rows, computed, (row) => scopeId(row.scope))) {
        await vectors.writeFacts(scope.scope, embedder.model, writes);
      }
    },
  );
  if (!factsDone) return report;
  const turnsDone = await walk(
    'turns',
    (afterId, size) => vectors.missingTurns(embedder.model, { afterId, limit: size }),
    async (rows, computed) => {
      for (const [turn, writes] of grouped(rows, computed, (row) => row.sessionKey)) {
        await vectors.writeTurns(turn.sessionKey, embedder.model, writes);
      }
    },
  );
  report.complete = turnsDone;
  return report;
}

function scopeId(scope: FactScope): string {
  return JSON.stringify([scope.agentId, scope.userId ?? '']);
}

/**
 * The batch's vectors by the scope or session they are written through (a row of each group stands for it), each
 * with the text it was computed from: the store keeps it only if the row still holds that text.
 */
function grouped<Row extends { id: number; text: string }>(
  rows: readonly Row[],
  computed: readonly Float32Array[],
  key: (row: Row) => string,
): Array<[Row, VectorWrite[]]> {
  const groups = new Map<string, [Row, VectorWrite[]]>();
  rows.forEach((row, index) => {
    const vector = computed[index];
    if (vector === undefined) return;
    const id = key(row);
    const group = groups.get(id) ?? [row, []];
    group[1].push({ id: row.id, vector, text: row.text });
    groups.set(id, group);
  });
  return [...groups.values()];
}
