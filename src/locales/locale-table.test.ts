import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readingPack, textLanguage } from './locale-table.js';

describe('textLanguage', () => {
  it('tells the language by script, then by the words of every registered pack (a pack without words is never told)', () => {
    expect(textLanguage('User lives in Paris and works as a nurse')).toBe('en');
    expect(textLanguage('用户住在上海，在一家医院工作')).toBe('zh');
    expect(textLanguage('ユーザーは東京に住んでいます')).toBe('ja');
    expect(textLanguage('El usuario vive en Madrid y trabaja de enfermero')).toBe('es');
    // Korean: by its pack's words, else no language (its letters are not Latin); never English.
    expect(['ko', undefined]).toContain(textLanguage('저는 서울에 살고 있고 간호사로 일해요'));
    expect(['ko', undefined]).toContain(textLanguage('사용자는 부산에 산다'));
  });

  it('gives no language to letters outside the Latin script that no pack names, and English to bare Latin words', () => {
    // No stop word of any pack: Thai, Arabic.
    expect(textLanguage('ผู้ใช้อาศัยอยู่ในกรุงเทพ')).toBeUndefined();
    expect(textLanguage('المستخدم يعيش في القاهرة')).toBeUndefined();
    // Short Latin texts without a stop word: English, the table's first pack, as the reading pack does.
    expect(textLanguage('Loves hiking')).toBe('en');
    expect(textLanguage('')).toBe('en');
    expect(textLanguage('42 😀')).toBe('en');
  });

  it('agrees with the reading pack on the languages that read statements, and reads only a bounded head', () => {
    for (const text of [
      'I work at Acme',
      'Trabajo en Acme desde hace dos años',
      '我在北京工作',
      '私は大阪で働いています',
    ]) {
      expect(textLanguage(text)).toBe(readingPack(text)?.code);
    }
    // A long unspaced text: answered from its head.
    expect(textLanguage('字'.repeat(200_000))).toBe('zh');
  });

  it('answers a code of a registered pack or undefined for any text (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        const language = textLanguage(text);
        expect(language === undefined || ['en', 'zh', 'ja', 'ko', 'es', 'fr', 'de'].includes(language)).toBe(true);
      }),
    );
  });
});
