import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_API_KEY, resolveOpenaiCompatibleApiKey } from './resolve-openai-compatible-api-key.js';

describe('resolveOpenaiCompatibleApiKey', () => {
  const env = { OPENAI_API_KEY: ' sk-env ' };
  it('prefers the given key', () => {
    expect(resolveOpenaiCompatibleApiKey('sk-given', 'http://127.0.0.1:11434/v1', env)).toBe('sk-given');
  });
  it('sends OPENAI_API_KEY to OpenAI only', () => {
    expect(resolveOpenaiCompatibleApiKey(undefined, 'https://api.openai.com/v1', env)).toBe('sk-env');
    expect(resolveOpenaiCompatibleApiKey(undefined, 'http://127.0.0.1:11434/v1', env)).toBe(PLACEHOLDER_API_KEY);
    expect(resolveOpenaiCompatibleApiKey(undefined, 'https://api.openai.com.evil.example/v1', env)).toBe(
      PLACEHOLDER_API_KEY,
    );
    expect(resolveOpenaiCompatibleApiKey(undefined, 'http://api.openai.com/v1', env)).toBe(PLACEHOLDER_API_KEY);
  });
  it('falls back to the placeholder without any key, or with an empty one', () => {
    expect(resolveOpenaiCompatibleApiKey('', 'https://api.openai.com/v1', {})).toBe(PLACEHOLDER_API_KEY);
    expect(resolveOpenaiCompatibleApiKey(undefined, 'not a url', env)).toBe(PLACEHOLDER_API_KEY);
  });
});
