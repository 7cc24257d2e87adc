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

const chineseSubjects = ['用户', '团队', '这个项目', '后端服务', '移动应用', '数据管道', '持续集成任务', '前端'];
const chineseVerbs = [
  '偏好使用',
  '一直用',
  '部署在',
  '避免使用',
  '依赖',
  '迁移到了',
  '测试时用',
  '构建在',
  '监控用',
  '需要',
];
const chineseQualifiers = [
  '管理依赖',
  '在生产环境',
  '做本地开发',
  '在周末',
  '给预发布集群',
  '从去年开始',
  '因为许可证',
  '为了性能',
  '配合严格类型',
  '每次发布',
];

/** Chinese facts in unspaced text, mixing in tool names as Chinese users write them. */
export function syntheticChineseFacts(count: number, seed = 42): string[] {
  const random = seededRandom(seed);
  const facts = new Set<string>();
  while (facts.size < count) {
    facts.add(
      `${pick(random, chineseSubjects)}${pick(random, chineseVerbs)} ${pick(random, objects)} ${pick(random, chineseQualifiers)}（${facts.size}）`,
    );
  }
  return [...facts];
}

export function syntheticChineseMessages(count: number, seed = 7): string[] {
  const random = seededRandom(seed);
  const templates = [
    (a: string) => `${a} 应该怎么配置才能${pick(random, chineseQualifiers)}？`,
    (a: string) => `我们之前决定${pick(random, chineseVerbs)} ${a} 了吗？`,
    () => '好的，继续',
    (a: string) => `帮我写一个用 ${a} 部署的脚本`,
  ];
  return Array.from({ length: count }, () => pick(random, templates)(pick(random, objects)));
}
