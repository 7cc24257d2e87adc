import { describe, expect, it } from 'vitest';
import { wireFormats } from '../wire.js';
import { routeFormat } from './route-format.js';

describe('routeFormat: whose API a /v1/ request speaks', () => {
  it('gives a format its route and the paths under it, whatever the headers', () => {
    for (const format of Object.values(wireFormats)) {
      expect(routeFormat(format.route.path, new Headers({ 'x-api-key': 'k' }))).toBe(format.name);
      expect(routeFormat(`${format.route.path}/more`, new Headers())).toBe(format.name);
    }
  });

  it("tells a pass-through path by the headers a format claims, else by the table's one fallback", () => {
    const claims = (headers: Headers) =>
      Object.values(wireFormats).map((format) => [format.name, format.passThrough?.(headers)]);
    expect(claims(new Headers()).filter(([, claim]) => claim === 'fallback')).toHaveLength(1);
    expect(routeFormat('/v1/models', new Headers({ 'anthropic-version': '2023-06-01' }))).toBe('anthropic');
    expect(routeFormat('/v1/models', new Headers({ 'x-api-key': 'k' }))).toBe('anthropic');
    expect(routeFormat('/v1/models', new Headers({ authorization: 'Bearer k' }))).toBe('openai');
    expect(routeFormat('/v1/messagesx', new Headers())).toBe('openai');
  });
});
