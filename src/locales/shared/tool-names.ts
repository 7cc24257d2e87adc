/**
 * Exclusive tool choices, one value per slot, each with the spellings every language shares (lower case, after
 * NFKC): code names are not words of a language. A value whose name is a word (tabs, dark mode) is spelt by each pack
 * (`facts.toolSpellings`).
 */
export const TOOL_NAMES: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  'package-manager': { npm: ['npm'], pnpm: ['pnpm'], yarn: ['yarn'], bun: ['bun'] },
  'test-runner': { jest: ['jest'], vitest: ['vitest'], mocha: ['mocha'], ava: ['ava'] },
  editor: {
    vim: ['vim'],
    neovim: ['neovim', 'nvim'],
    emacs: ['emacs'],
    'vs code': ['vs code', 'vscode', 'visual studio code'],
    cursor: ['cursor'],
    zed: ['zed'],
    'sublime text': ['sublime text', 'sublime'],
    intellij: ['intellij', 'intellij idea'],
    webstorm: ['webstorm'],
  },
  bundler: {
    vite: ['vite'],
    webpack: ['webpack'],
    esbuild: ['esbuild'],
    rollup: ['rollup'],
    parcel: ['parcel'],
    turbopack: ['turbopack'],
  },
  indentation: { tabs: [], spaces: [] },
  quotes: { single: [], double: [] },
  'color-scheme': { dark: [], light: [] },
};
