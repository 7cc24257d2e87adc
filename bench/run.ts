import { cacheBench } from './cache.js';
import { importsBench } from './imports.js';
import { inputSizeBench } from './input-size.js';
import { latencyBench } from './latency.js';
import { proxyBench } from './proxy.js';
import { reliabilityBench } from './reliability.js';
import { retrievalBench } from './retrieval.js';
import { trimBench } from './trim.js';

/** `npm run bench [-- section ...] [--json]`: prints tables; with --json, one JSON object as the last line. */
const sections: Record<string, () => Promise<Record<string, unknown>>> = {
  cache: cacheBench,
  imports: importsBench,
  'input-size': inputSizeBench,
  latency: latencyBench,
  proxy: proxyBench,
  reliability: reliabilityBench,
  retrieval: () => retrievalBench(data ? { data } : {}),
  trim: trimBench,
};

const args = process.argv.slice(2);
const json = args.includes('--json');
const dataIndex = args.indexOf('--data');
const data = dataIndex >= 0 ? args[dataIndex + 1] : undefined;
const requested = args.filter((arg, index) => !arg.startsWith('--') && (dataIndex < 0 || index !== dataIndex + 1));
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
// With --json, the last line is one JSON object: a single section's own object, or all of them by name.
if (json) console.log(JSON.stringify(requested.length === 1 && requested[0] ? results[requested[0]] : results));
