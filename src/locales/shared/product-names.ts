/** Products and platforms that "moved to X" or "joined X" may name: never a place or an employer by those verbs. */
export const PRODUCT_NAMES: readonly string[] =
  'linux windows macos mac ubuntu debian fedora arch typescript javascript python rust go golang java kotlin swift ruby php elixir react vue svelte angular next.js node node.js deno aws gcp azure github gitlab bitbucket vercel netlify heroku cloudflare docker kubernetes postgres postgresql mysql sqlite mongodb redis slack discord teams zoom notion jira linear figma twitter x reddit linkedin mastodon bluesky threads vite webpack esbuild biome eslint prettier terraform'.split(
    ' ',
  );
