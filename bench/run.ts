import { latencyBench } from './latency.js';
import { retrievalBench } from './retrieval.js';
import { trimBench } from './trim.js';

/** `npm run bench [-- section ...] [--json]`: prints tables; with --json, one JSON object as the last line. */
const sections: Record<string, () => Promise<Record<string, unknown>>> = {
  latency: latencyBench,
  retrieval: retrievalBench,
  trim: trimBench,
};

const args = process.argv.slice(2);
const json = args.includes('--json');
const requested = args.filter((arg) => !arg.startsWith('--'));
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
if (json) console.log(JSON.stringify(results));
