import { describe, expect, it } from 'vitest';
import { isErrorReport } from './is-error-report.js';

describe('isErrorReport', () => {
  it.each([
    'Request failed with status code 429',
    '429 Too Many Requests',
    'TypeError: fetch failed',
    'connect ECONNREFUSED 127.0.0.1:443',
    'Sorry, something went wrong. Please try again later.',
    'The request failed: 429 Too Many Requests',
    'Error: something failed',
    'timed out after 30000 ms',
    'undefined',
    '[object Object]',
    '请求失败，状态码 429',
    '抱歉，服务器开小差了，请稍后再试。',
    'エラーが発生しました。',
    'TypeError: fetch failed at fetchUser (/app/src/user.js:10:5) at async main (/app/src/index.js:3:1)',
    'Traceback (most recent call last): File "/app/main.py", line 3, in <module> user = load_user() KeyError: \'user\'',
  ])('reports %j', (text) => {
    expect(isErrorReport(text)).toBe(true);
  });

  it.each([
    "Fix the 'TypeError: fetch failed' our Next.js app throws on login",
    'Fix TypeError: fetch failed',
    'TypeError: fetch failed when I call the API from my server action',
    '用户的项目在登录时报 429 错误，需要加重试',
    'Add retry for 429 Too Many Requests',
    'Retry on 503 Service Unavailable',
    '429 Too Many Requests errors are retried with exponential backoff',
    'The API returns 429 Too Many Requests after 100 calls per minute',
    'Timed out requests are retried 3 times',
    'Timeout is set to 30 seconds',
    'Undefined behaviour is avoided in the C code',
    'The database is overloaded at peak hours',
    'Error handling uses Result types',
    '余额不足时给用户发短信提醒',
    'ログイン時に「ネットワークエラー」が出る原因を調査する',
    '',
  ])('does not report the mention %j', (text) => {
    expect(isErrorReport(text)).toBe(false);
  });
});
