import { describe, expect, it } from 'vitest';
import { buildFactQuery } from './build-fact-query.js';
import { isPastReference } from './is-past-reference.js';

describe('isPastReference', () => {
  it('is true for a question about the past that names no topic, in English, Chinese, Japanese and Spanish', () => {
    for (const text of [
      'what did we decide?',
      'What did we talk about last time?',
      'remind me what we agreed on earlier',
      '我们之前决定了什么？',
      '我们上次聊了什么？',
      '前に何を決めたっけ？',
      'この前話したことは何でしたか？',
      '¿qué decidimos la última vez?',
      'que decidimos la ultima vez',
      '¿de qué hablamos antes?',
    ]) {
      expect(isPastReference(buildFactQuery(text)), text).toBe(true);
    }
  });

  it('is false once the message names a topic or a date, and for a message with no term at all', () => {
    for (const text of [
      'what did we decide about the database?',
      'What did we talk about in May 2024?',
      '我们之前决定用什么数据库？',
      '前にどのフレームワークを決めた？',
      '¿qué decidimos sobre la base de datos?',
      'ok',
      '',
    ]) {
      expect(isPastReference(buildFactQuery(text)), text).toBe(false);
    }
  });
});
