import { defineConfig } from 'vitest/config';

/**
 * The tests that use the `openai` SDK, run a second time with `openai` resolved to openai 7 (the `openai-v7` alias),
 * as in a project that installed openai 7 (the peer range takes both): memstack/openai-compatible, which calls it,
 * and the tests whose client it is (decorate's OpenAI shapes, the proxy's chat-completions and Responses routes).
 * `tsconfig.openai7.json` type-checks the same files against openai 7: keep the two lists alike.
 */
const OPENAI_SDK_TESTS = [
  'src/models/openai-compatible/*.test.ts',
  'test/models/openai-compatible.test.ts',
  'test/e2e/decorate-sdks.test.ts',
  'test/e2e/decorate-responses.test.ts',
  'test/e2e/proxy.test.ts',
  'test/e2e/proxy-responses.test.ts',
  'test/e2e/proxy-upstream.test.ts',
];

declare module 'vitest' {
  export interface ProvidedContext {
    /** The major of the `openai` SDK that `openai` resolves to in this project. */
    openaiMajor: 6 | 7;
  }
}

export default defineConfig({
  test: {
    reporters: ['default', './test/support/summary-reporter.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'memstack',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // The inspector page's script, bundled from its TypeScript sources before any test serves it.
          globalSetup: ['./scripts/inspector-bundle-setup.ts'],
          provide: { openaiMajor: 6 },
        },
      },
      {
        extends: true,
        resolve: { alias: [{ find: /^openai(?=$|\/)/, replacement: 'openai-v7' }] },
        test: { name: 'openai 7', include: OPENAI_SDK_TESTS, provide: { openaiMajor: 7 } },
      },
    ],
  },
});
