import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError } from '../../spec/errors/config-error.js';
import { anthropicModel } from './anthropic-model.js';

function configErrorOf(make: () => unknown): ConfigError {
  try {
    make();
  } catch (error) {
    if (ConfigError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('no error was thrown');
}

describe('anthropicModel', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('is a v1 chat and completion model named after the provider and the model id', () => {
    const model = anthropicModel({ model: 'claude-test-1', apiKey: 'sk-test' });
    expect(model).toMatchObject({ specificationVersion: 'v1', provider: 'anthropic', modelId: 'claude-test-1' });
    expect(typeof model.chat).toBe('function');
    expect(typeof model.complete).toBe('function');
  });

  it('takes the key from ANTHROPIC_API_KEY when no apiKey is given', () => {
    vi.stubEnv('ANTHROPIC_API_KEY', 'sk-from-env');
    expect(anthropicModel({ model: 'claude-test-1' }).modelId).toBe('claude-test-1');
  });

  it('refuses to start without a key, saying to set ANTHROPIC_API_KEY', () => {
    vi.stubEnv('ANTHROPIC_API_KEY', '');
    for (const options of [{ model: 'claude-test-1' }, { model: 'claude-test-1', apiKey: ' ' }]) {
      const error = configErrorOf(() => anthropicModel(options));
      expect(error.code).toBe('INVALID_CONFIG');
      expect(error.message).toContain('set the ANTHROPIC_API_KEY environment variable or pass { apiKey }');
    }
    vi.stubEnv('ANTHROPIC_API_KEY', undefined);
    expect(configErrorOf(() => anthropicModel({ model: 'claude-test-1' })).message).toContain('ANTHROPIC_API_KEY');
  });

  it('refuses a missing model id and invalid limits', () => {
    const apiKey = 'sk-test';
    expect(configErrorOf(() => anthropicModel({ model: '', apiKey })).message).toContain('needs a model id');
    expect(configErrorOf(() => anthropicModel({ model: 'm', apiKey, maxTokens: 0 })).message).toContain(
      'maxTokens must be a positive integer, not 0',
    );
    expect(configErrorOf(() => anthropicModel({ model: 'm', apiKey, maxTokens: 1.5 })).code).toBe('INVALID_CONFIG');
    expect(configErrorOf(() => anthropicModel({ model: 'm', apiKey, maxRetries: -1 })).message).toContain(
      'maxRetries must be 0 or more, not -1',
    );
  });
});
