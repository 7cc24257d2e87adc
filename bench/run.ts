import { embedderFromFlags } from '../src/cli/embedder-options.js';
import type { Embedder } from '../src/index.js';
import { offlineEnglishEmbedder } from '../src/offline-embedder.js';
import { openaiCompatibleEmbedder } from '../src/openai-compatible.js';
import { type EmbeddingsServer, startEmbeddingsServer } from '../test/support/embeddings-server.js';
import { ablationBench } from './ablation.js';
import { cacheBench } from './cache.js';
import { connectionsBench } from './connections.js';
import { extractionBench } from './extraction.js';
import { importsBench } from './imports.js';
import { inputSizeBench } from './input-size.js';
import { latencyBench } from './latency.js';
import { mcpBench } from './mcp.js';
import { pinSafetyBench } from './pin-safety.js';
import { proxyBench } from './proxy.js';
import { reclaimBench } from './reclaim.js';
import { refitBench } from './refit.js';
import { reliabilityBench } from './reliability.js';
import { retrievalBench } from './retrieval.js';
import { storeLatencyBench } from './store-latency.js';
import { trimBench } from './trim.js';

/** `npm run bench [-- section ...] [--json]`: prints tables; with --json, one JSON object as the last line. */
const sections: Record<string, () => Promise<Record<string, unknown>>> = {
  // Each ranking signal of decision 9 removed in turn, judged by issue 24's ship rule on the untouched sets.
  ablation: ablationBench,
  cache: cacheBench,
  // One write and two reads through better-sqlite3's and @libsql/client's SqlConnection on a local file.
  connections: connectionsBench,
  extraction: extractionBench,
  imports: importsBench,
  'input-size': inputSizeBench,
  // `--half dev|frozen`: one half of the pin-safety set (default: both).
  'pin-safety': () => pinSafetyBench({ half }),
  // `--store postgres`: prepare() on PostgreSQL beside SQLite in one run, and record() throughput with 1 and 4 writers.
  latency: () => (store === 'postgres' ? storeLatencyBench() : latencyBench()),
  // search_memories through the MCP SDK's client (in-process transport) beside stack.facts.search, in one run.
  mcp: mcpBench,
  // `--baseline <dir>`: another checkout's proxy (a commit to compare with) timed in the same run, side by side.
  proxy: () => proxyBench({ baseline: flag('--baseline').value }),
  // How long a dead process's job waits before another runs it (SQLite: its lease is taken once its process is gone).
  reclaim: reclaimBench,
  // Today's retrieval constants re-fitted on LoCoMo's tuning half, reported on the untouched half and MemoryBank.
  refit: refitBench,
  reliability: reliabilityBench,
  // `--embed-base-url <url> --embed-model <model> [--embed-key-env <name>]`, `--embed-offline` (the offline English
  // model of memstack/offline-embedder) or `--embed-blind` (the tests' meaning-blind hashed words): a ranking fused
  // with that model's vectors.
  retrieval: () => retrievalBench({ ...(data ? { data } : {}), ...(store ? { store } : {}), embedder }),
  trim: trimBench,
};

const args = process.argv.slice(2);
const json = args.includes('--json');
const dataIndex = args.indexOf('--data');
const data = dataIndex >= 0 ? args[dataIndex + 1] : undefined;
// `--store postgres`: the Postgres store's figures beside SQLite's (retrieval, latency; fresh schemas, dropped after).
const storeIndex = args.indexOf('--store');
const storeName = storeIndex >= 0 ? args[storeIndex + 1] : undefined;
if (storeName !== undefined && storeName !== 'sqlite' && storeName !== 'postgres') {
  console.error(`unknown store: ${storeName}; available: sqlite, postgres`);
  process.exit(2);
}
const store = storeName === 'postgres' ? ('postgres' as const) : undefined;
const halfIndex = args.indexOf('--half');
const halfName = halfIndex >= 0 ? args[halfIndex + 1] : undefined;
if (halfName !== undefined && halfName !== 'dev' && halfName !== 'frozen') {
  console.error(`unknown half: ${halfName}; available: dev, frozen`);
  process.exit(2);
}
const half = halfName as 'dev' | 'frozen' | undefined;
const flag = (name: string): { index: number; value: string | undefined } => {
  const index = args.indexOf(name);
  return { index, value: index >= 0 ? args[index + 1] : undefined };
};
const embedFlags = {
  embedBaseUrl: flag('--embed-base-url'),
  embedModel: flag('--embed-model'),
  embedKeyEnv: flag('--embed-key-env'),
};
let embedder: Embedder | undefined;
let blindServer: EmbeddingsServer | undefined;
try {
  embedder = embedderFromFlags({
    embedBaseUrl: embedFlags.embedBaseUrl.value,
    embedModel: embedFlags.embedModel.value,
    embedKeyEnv: embedFlags.embedKeyEnv.value,
  });
  const chosen = [embedder !== undefined, args.includes('--embed-offline'), args.includes('--embed-blind')];
  if (chosen.filter(Boolean).length > 1) {
    throw new Error('--embed-base-url, --embed-offline and --embed-blind name different embedders: give one');
  }
  if (args.includes('--embed-offline')) embedder = offlineEnglishEmbedder();
  if (args.includes('--embed-blind')) {
    // The tests' meaning-blind embedder (each word to a hashed dimension) behind a local /v1/embeddings: the control
    // that shows what fusion does with vectors that know words but no meaning.
    blindServer = await startEmbeddingsServer({ dimensions: 256 });
    embedder = openaiCompatibleEmbedder({ baseURL: blindServer.baseURL, model: 'hashed-words-256', dimensions: 256 });
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}
const optionValues = new Set(
  [dataIndex, storeIndex, halfIndex, flag('--baseline').index, ...Object.values(embedFlags).map(({ index }) => index)]
    .filter((index) => index >= 0)
    .map((index) => index + 1),
);
const requested = args.filter((arg, index) => !arg.startsWith('--') && !optionValues.has(index));
const unknown = requested.filter((name) => !(name in sections));
if (unknown.length > 0) {
  console.error(`unknown section(s): ${unknown.join(', ')}; available: ${Object.keys(sections).join(', ')}`);
  process.exit(2);
}
const results: Record<string, unknown> = {};
for (const name of requested.length > 0 ? requested : Object.keys(sections)) {
  const section = sections[name];
  if (section) results[name] = await section();
}
await blindServer?.close();
// With --json, the last line is one JSON object: a single section's own object, or all of them by name.
if (json) console.log(JSON.stringify(requested.length === 1 && requested[0] ? results[requested[0]] : results));
