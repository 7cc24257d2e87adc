// Exclusive choices: one value per slot, each with the ways facts spell it (lower case, after NFKC).
export const TOOLS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
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
  indentation: {
    tabs: ['tabs', 'tab indentation', '制表符', 'タブ'],
    spaces: ['spaces', 'space indentation', '空格', 'スペース'],
  },
  quotes: {
    single: ['single quotes', '单引号', '單引號', 'シングルクォート'],
    double: ['double quotes', '双引号', '雙引號', 'ダブルクォート'],
  },
  'color-scheme': {
    dark: [
      'dark mode',
      'dark theme',
      '深色模式',
      '暗色模式',
      '暗黑模式',
      '深色主题',
      '深色主題',
      'ダークモード',
      'ダークテーマ',
    ],
    light: [
      'light mode',
      'light theme',
      '浅色模式',
      '淺色模式',
      '亮色模式',
      '浅色主题',
      'ライトモード',
      'ライトテーマ',
    ],
  },
};
/** Each spelling of an exclusive tool choice: its slot (`tool:<slot>`) and value. */
export const TOOL_VALUES = new Map<string, { slot: string; value: string }>();
for (const [slot, values] of Object.entries(TOOLS)) {
  for (const [value, spellings] of Object.entries(values)) {
    for (const spelling of spellings) TOOL_VALUES.set(spelling, { slot: `tool:${slot}`, value });
  }
}
