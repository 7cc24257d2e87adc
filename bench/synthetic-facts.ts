/** A small seeded PRNG (mulberry32), so that every run measures the same data. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const subjects = [
  'User',
  'The team',
  'The project',
  'Our backend',
  'The mobile app',
  'The data pipeline',
  'The CI job',
  'The frontend',
];
const verbs = [
  'prefers',
  'uses',
  'deploys with',
  'avoids',
  'depends on',
  'migrated to',
  'tests with',
  'is built on',
  'is monitored with',
  'needs',
];
const objects = (
  'pnpm npm yarn vite webpack rollup esbuild vitest jest mocha playwright cypress postgres mysql sqlite redis kafka rabbitmq docker ' +
  'kubernetes terraform ansible cloudflare vercel netlify aws gcp azure fly.io heroku react vue svelte angular solid nextjs nuxt remix ' +
  'astro express fastify hono koa nestjs django flask rails laravel spring go rust python typescript java kotlin swift elixir node20 ' +
  'node22 bun deno graphql grpc rest websockets tailwind sass prisma drizzle kysely typeorm sentry datadog grafana prometheus github ' +
  'gitlab bitbucket jenkins circleci linear jira notion slack discord stripe paddle auth0 clerk supabase firebase mongodb dynamodb ' +
  'elasticsearch meilisearch typesense openai anthropic ollama llama mistral vllm pytorch numpy pandas spark airflow dbt snowflake'
).split(' ');
const qualifiers = [
  'for package management',
  'in production',
  'for local development',
  'on weekends',
  'for the staging cluster',
  'since last year',
  'because of licensing',
  'for performance reasons',
  'with strict typing',
  'behind a feature flag',
  'for every release',
  'in the EU region',
  'for the admin dashboard',
  'for nightly batch jobs',
  'to keep costs low',
  'after the 2025 outage',
];

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

/** `count` distinct, realistic-looking facts about users and projects. */
export function syntheticFacts(count: number, seed = 42): string[] {
  const random = seededRandom(seed);
  const facts = new Set<string>();
  while (facts.size < count) {
    const extra = random() < 0.5 ? ` and ${pick(random, objects)}` : '';
    facts.add(
      `${pick(random, subjects)} ${pick(random, verbs)} ${pick(random, objects)}${extra} ${pick(random, qualifiers)} (#${facts.size})`,
    );
  }
  return [...facts];
}

/** User messages to prepare: most mention a few known tools, some have no searchable term at all. */
export function syntheticMessages(count: number, seed = 7): string[] {
  const random = seededRandom(seed);
  const templates = [
    (a: string, b: string) => `How should I configure ${a} together with ${b} for the next release?`,
    (a: string) => `Can you write a script that uses ${a} to run the tests?`,
    (a: string, b: string) => `We had an incident with ${a} yesterday; should we switch to ${b}?`,
    () => 'ok, go ahead',
    (a: string) => `What did we decide about ${a}?`,
  ];
  return Array.from({ length: count }, () => pick(random, templates)(pick(random, objects), pick(random, objects)));
}
