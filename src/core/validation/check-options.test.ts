import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../spec/errors/config-error.js';
import { checkOptions, httpUrlSchema } from './check-options.js';

const schema = httpUrlSchema('baseURL');
const message = (value: unknown): string => {
  try {
    checkOptions(schema, value, 'model');
    return 'accepted';
  } catch (error) {
    if (!ConfigError.isInstance(error)) throw error;
    return error.message;
  }
};

describe('httpUrlSchema', () => {
  it('accepts http and https URLs with a host', () => {
    for (const url of ['http://127.0.0.1:11434/v1', 'https://api.anthropic.com', ' http://localhost:8787 ']) {
      expect(message(url)).toBe('accepted');
    }
  });

  it('refuses a URL without a scheme, and says what to write instead', () => {
    expect(message('localhost:11434/v1')).toContain('write http://localhost:11434/v1 or https://localhost:11434/v1');
    expect(message('127.0.0.1:9/v1')).toContain('write http://127.0.0.1:9/v1');
    expect(message('ftp://example.com')).toContain('needs http:// or https://');
    expect(message('ftp://example.com')).not.toContain('write');
    expect(message('')).toContain('needs http:// or https://');
    expect(message(42)).not.toBe('accepted');
  });

  it('never throws anything but a ConfigError, whatever the string', () => {
    fc.assert(fc.property(fc.string(), (value) => typeof message(value) === 'string'));
  });
});
