import { describe, expect, it } from 'vitest';
import { looksLikeErrorText } from './looks-like-error-text.js';

describe('looksLikeErrorText', () => {
  it.each([
    'Error: ENOENT: no such file or directory',
    '  error while loading the config',
    'API Error: 529 {"type":"error"}',
    'api error 401',
    'An error occurred while processing your request.',
    'An unexpected error occurred',
    'Exception was raised in the worker',
    'Not logged in · Please run /login',
    'You are not logged in.',
    'Please run /login to continue',
    'Invalid API key · Fix external API key',
    'Your credit balance is too low to access the Anthropic API.',
    'Claude AI usage limit reached|1760000000',
    'Rate limit exceeded, retry later',
    'overloaded_error',
    '{"type":"rate_limit_error","message":"slow down"}',
    'authentication_error: bad key',
    'invalid_request_error',
    'Request timed out.',
    'timed out after 30000 ms',
    'Execution error',
    '{"type": "error", "error": {"message": "boom"}}',
    'type: error',
    'Request failed with status code 429',
    'TypeError: fetch failed',
    '请求过于频繁，请稍后再试',
    '[object Object]',
  ])('recognises the error text %j', (text) => {
    expect(looksLikeErrorText(text)).toBe(true);
  });

  it.each([
    'The user prefers pnpm.',
    'Errors are logged to Sentry.',
    'The API returns an error code on bad input.',
    'Deploys time out after 10 minutes on CI.',
    'The user logged in with GitHub.',
    'The rate limit is 100 requests per minute.',
    'Uses the error-prone library for Java.',
    '',
    '用户偏好 pnpm',
    "Fix the 'TypeError: fetch failed' our Next.js app throws on login",
    '用户的项目在登录时报 429 错误，需要加重试',
    'Timed out requests are retried 3 times',
  ])('does not flag the ordinary text %j', (text) => {
    expect(looksLikeErrorText(text)).toBe(false);
  });
});
