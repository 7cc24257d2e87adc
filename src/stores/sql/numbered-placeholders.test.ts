import { describe, expect, it } from 'vitest';
import { numberedPlaceholders } from './numbered-placeholders.js';

describe('numberedPlaceholders', () => {
  it('numbers each placeholder in order', () => {
    expect(numberedPlaceholders('SELECT * FROM t WHERE a = ? AND b IN (?, ?)')).toBe(
      'SELECT * FROM t WHERE a = $1 AND b IN ($2, $3)',
    );
  });

  it('leaves a question mark inside a string or an identifier alone', () => {
    expect(numberedPlaceholders(`SELECT 'why?' AS "is it?", ? AS x`)).toBe(`SELECT 'why?' AS "is it?", $1 AS x`);
  });

  it('reads a doubled quote inside a string as part of it', () => {
    expect(numberedPlaceholders(`SELECT 'it''s ?', ?`)).toBe(`SELECT 'it''s ?', $1`);
  });
});
