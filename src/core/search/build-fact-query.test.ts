import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INDEX_STEMMERS, STOP_WORDS } from '../../locales/locale-table.js';
import { sqliteStore } from '../../stores/sqlite/sqlite-store.js';
import { CJK_LETTERS, CJK_RUN } from '../text/scripts.js';
import { type BuildFactQueryOptions, buildFactQuery, isEmptyQuery } from './build-fact-query.js';
import { buildSearchQuery, FACT_SEARCH_WEIGHTS } from './build-search-query.js';

/** What a term may contain: letters, digits and marks of spaced scripts, or a run of Han/kana. */
const plainWord = /^[\p{L}\p{N}\p{M}]+$/u;
const plainCjk = new RegExp(`^[${CJK_LETTERS}]+$`, 'u');
/** The exported run pattern, without its global flag (whose lastIndex a test must not share). */
const anyCjk = new RegExp(CJK_RUN.source, 'u');

describe('buildFactQuery', () => {
  it('lower-cases the words and drops the stop words', () => {
    expect(buildFactQuery('What package manager do I prefer?')).toMatchObject({
      words: ['package', 'manager', 'prefer'],
      cjk: [],
      dates: [],
    });
  });

  it("drops the stop words of the message's language, and says which languages it is searched as", () => {
    expect(buildFactQuery('¿Dónde vivía mi hermana? creo que en malaga')).toMatchObject({
      words: ['vivía', 'hermana', 'malaga'],
      stemmedAs: ['es'],
    });
    // "son" is a Spanish stop word but an English noun: an English question keeps it.
    expect(buildFactQuery("How old is Melanie's son?")).toMatchObject({
      words: ['old', 'melanie', 'son'],
      stemmedAs: ['en'],
    });
    expect(buildFactQuery('malaga')).toMatchObject({ words: ['malaga'], stemmedAs: ['en', 'es'] });
  });

  it('keeps each word once, in the order of first appearance', () => {
    expect(buildFactQuery('Café CAFÉ café')).toMatchObject({ words: ['café'], cjk: [], dates: [] });
    expect(buildFactQuery('the pnpm the PNPM Pnpm')).toMatchObject({ words: ['pnpm'], cjk: [], dates: [] });
  });

  it('folds full-width letters and spaces to ASCII', () => {
    expect(buildFactQuery('ＰＮＰＭ　ｖｅｒｓｉｏｎ')).toMatchObject({
      words: ['pnpm', 'version'],
      cjk: [],
      dates: [],
    });
  });

  it('keeps letters with diacritics, composed', () => {
    expect(buildFactQuery('Ünïcödé café nai\u0308ve')).toMatchObject({
      words: ['ünïcödé', 'café', 'naïve'],
      cjk: [],
      dates: [],
    });
  });

  it('ignores the sender metadata before the message', () => {
    expect(buildFactQuery('[sender_id: 12345] What is my favourite editor?')).toMatchObject({
      words: ['favourite', 'editor'],
      cjk: [],
      dates: [],
    });
    expect(buildFactQuery('Alice (id 123): what editor?')).toMatchObject({ words: ['editor'], cjk: [], dates: [] });
    expect(buildFactQuery('[2026-01-02 10:03] <@U024BE7LH> deploy on Friday')).toMatchObject({
      words: ['deploy', 'friday'],
      cjk: [],
      dates: [],
    });
  });

  it('splits words at apostrophes, straight or curly, as the FTS tokenizer does', () => {
    expect(buildFactQuery("What's the user's favourite editor?")).toMatchObject({
      words: ['user', 'favourite', 'editor'],
      cjk: [],
      dates: [],
    });
    expect(buildFactQuery('I’m using Node’s test runner')).toMatchObject({
      words: ['node', 'test', 'runner'],
      cjk: [],
      dates: [],
    });
    expect(buildFactQuery("rock'n'roll o'clock ''quoted''")).toMatchObject({
      words: ['rock', 'roll', 'clock', 'quoted'],
      cjk: [],
      dates: [],
    });
  });

  it('drops one-letter words but keeps numbers and words with digits', () => {
    expect(buildFactQuery('b c x9 q')).toMatchObject({ words: ['x9'], cjk: [], dates: [] });
    expect(buildFactQuery('Upgrade to Node 20')).toMatchObject({
      words: ['upgrade', 'node', '20'],
      cjk: [],
      dates: [],
    });
    expect(buildFactQuery('python3 node20 v1.2.3')).toMatchObject({
      words: ['python3', 'node20', 'v1', '2', '3'],
      cjk: [],
      dates: [],
    });
    expect(buildFactQuery('Python 3 or Python 2')).toMatchObject({ words: ['python', '3', '2'], cjk: [], dates: [] });
    expect(buildFactQuery("don't ‘quote’ it")).toMatchObject({ words: ['quote'], cjk: [], dates: [] });
  });

  it('turns FTS syntax into plain words', () => {
    expect(buildFactQuery('Use "pnpm" OR yarn* NEAR(x) col:val -neg +plus ^caret')).toMatchObject({
      words: ['pnpm', 'yarn', 'near', 'col', 'val', 'neg', 'plus', 'caret'],
      cjk: [],
      dates: [],
    });
  });

  it('segments Chinese into words and drops the function words', () => {
    const query = buildFactQuery('我偏好什么包管理器');
    expect(query.words).toEqual([]);
    expect(query.cjk).toEqual(expect.arrayContaining(['偏好', '管理']));
    for (const stopWord of ['我', '什么']) expect(query.cjk).not.toContain(stopWord);

    const team = buildFactQuery('我们的团队使用 Kubernetes 部署服务');
    expect(team.words).toEqual(['kubernetes']);
    expect(team.cjk).toEqual(expect.arrayContaining(['团队', '部署', '服务']));
    for (const stopWord of ['我们', '的', '我们的']) expect(team.cjk).not.toContain(stopWord);
  });

  it('searches the neighbouring characters the segmenter leaves alone as two-character words', () => {
    // ICU splits 厨具 (kitchenware) and 红酒 (red wine) into single characters; a bigram index still holds them.
    expect(buildFactQuery('我买了新厨具').cjk).toEqual(['新厨', '厨具']);
    expect(buildFactQuery('红酒适合搭配什么肉？').cjk).toEqual(['红酒', '适合', '搭配']);
    // A character alone between function words stays a single (searched only when nothing else is).
    expect(buildFactQuery('你给我书').cjk).toEqual(['书']);
  });

  it('pairs the single characters by default, and only keeps them as singles when told not to (a bench option)', async () => {
    const messages = fc.array(fc.constantFrom('我', '买了', '新', '厨', '具', '红', '酒', '适合', '？', ' ', 'pnpm'), {
      maxLength: 20,
    });
    fc.assert(
      fc.property(messages, (parts) => {
        const message = parts.join('');
        expect(buildFactQuery(message)).toEqual(buildFactQuery(message, { pairSingleCharacters: true }));
      }),
      { numRuns: 300 },
    );
    expect(buildFactQuery('我买了新厨具', { pairSingleCharacters: false }).cjk).toEqual(['买', '新', '厨', '具']);

    // What it changes in a ranking: without the pairs, facts that share a single character with 厨具 match too.
    const store = sqliteStore({ path: ':memory:' });
    const user = { agentId: 'bot', userId: 'li' };
    const texts = ['我买了一本新书，书店在厨房对面', '朋友送了一套厨具', '新买的具体型号忘了', '厨师推荐了新菜'];
    for (const [index, text] of texts.entries()) {
      await store.facts.insert(user, {
        text,
        hash: `fact-${index}`,
        sourceSessionKey: null,
        sourceTurnId: null,
        source: 'api',
        context: '',
        at: new Date(0),
      });
    }
    const ranked = async (options: BuildFactQueryOptions) =>
      (
        await store.facts.search(user, buildSearchQuery(buildFactQuery('我买了新厨具', options), FACT_SEARCH_WEIGHTS), {
          limit: 10,
        })
      ).map(({ fact }) => fact.text);
    expect(await ranked({})).toEqual(['朋友送了一套厨具']);
    const unpaired = await ranked({ pairSingleCharacters: false });
    expect(unpaired).toHaveLength(texts.length);
    expect(unpaired).toEqual(expect.arrayContaining(texts));
    await store.close();
  });

  it('drops the question words: an answer names the thing asked about, not "which" or "how many"', () => {
    expect(buildFactQuery('我们羽毛球小组有多少人？').cjk).toEqual(['羽毛球', '小组']);
    expect(buildFactQuery('你推荐过哪些书？').cjk).toEqual(['推荐']);
    expect(buildFactQuery('どこで寿司を食べた？').cjk).toEqual(['寿司']);
  });

  it('segments Japanese into words and drops the particles', () => {
    const query = buildFactQuery('私はどのパッケージマネージャーを好みますか');
    expect(query.words).toEqual([]);
    expect(query.cjk).toEqual(expect.arrayContaining(['パッケージ', 'マネージャー']));
    for (const particle of ['私', 'は', 'どの', 'を', 'ますか', 'ます', 'か'])
      expect(query.cjk).not.toContain(particle);

    const places = buildFactQuery('東京で働いています。大阪に住んでいます');
    expect(places.cjk).toEqual(expect.arrayContaining(['東京', '大阪']));
    for (const ending of ['で', 'い', 'てい', 'ます', 'に', 'んで']) expect(places.cjk).not.toContain(ending);
  });

  it('searches the Latin words and the CJK words of a mixed message separately', () => {
    const query = buildFactQuery('我用 pnpm 管理 TypeScript 项目');
    expect(query.words).toEqual(['pnpm', 'typescript']);
    expect(query.cjk).toEqual(expect.arrayContaining(['管理', '项目']));
    for (const term of query.cjk) expect(term).toMatch(plainCjk);
  });

  it('caps the words at maxWords, keeping the first ones', () => {
    const message = Array.from({ length: 50 }, (_, index) => `word${index}`).join(' ');
    expect(buildFactQuery(message).words).toEqual(Array.from({ length: 32 }, (_, index) => `word${index}`));
    expect(buildFactQuery(message, { maxWords: 3 }).words).toEqual(['word0', 'word1', 'word2']);
    expect(buildFactQuery(message, { maxWords: 0 }).words).toEqual([]);
  });

  it('caps the CJK words at maxCjkTerms', () => {
    const message = '我们使用数据库服务器部署应用程序管理用户权限配置网络安全监控系统日志分析性能优化测试框架';
    expect(buildFactQuery(message).cjk.length).toBeLessThanOrEqual(16);
    expect(buildFactQuery(message).cjk).toEqual(expect.arrayContaining(['使用', '数据', '部署']));
    const capped = buildFactQuery(message, { maxCjkTerms: 3 }).cjk;
    expect(capped.length).toBeGreaterThan(0);
    expect(capped.length).toBeLessThanOrEqual(3);
    expect(capped[0]).toBe('使用');
    expect(buildFactQuery(message, { maxCjkTerms: 0 }).cjk).toEqual([]);
  });

  it('searches only the first maxChars characters', () => {
    expect(buildFactQuery('alpha beta gamma delta', { maxChars: 11 })).toMatchObject({
      words: ['alpha', 'beta'],
      cjk: [],
      dates: [],
    });
  });

  it('handles a message of more than 100,000 characters by searching its head', () => {
    const message = `Kubernetes cluster ${'lorem '.repeat(20_000)}zebra`;
    expect(message.length).toBeGreaterThan(100_000);
    expect(buildFactQuery(message)).toMatchObject({ words: ['kubernetes', 'cluster', 'lorem'], cjk: [], dates: [] });

    const chinese = `${'部署'.repeat(50_000)} zebra`;
    expect(buildFactQuery(chinese)).toMatchObject({ words: [], cjk: ['部署'], dates: [] });
  });

  it('has nothing to search in small talk, blank text or function words alone', () => {
    for (const text of ['Hello, how are you?', '', '   ', '的了是', 'ok thanks!', '[user_id=42]']) {
      const query = buildFactQuery(text);
      expect(query).toMatchObject({ words: [], cjk: [], dates: [] });
      expect(isEmptyQuery(query)).toBe(true);
    }
  });

  it('returns plain terms only: no FTS syntax character, no stop word, within the caps', () => {
    const syntax = ['"', "'", '’', '*', ':', '(', ')', '^', '+', '-', '{', '}', 'NEAR', 'OR', 'AND', 'NOT', ' ', '\n'];
    const pieces = [
      ...syntax,
      'pnpm',
      'User',
      'x',
      '7',
      '中文',
      '包管理器',
      'です',
      'カタカナー',
      'é',
      '👩‍👩‍👧',
      'ＡＢ',
    ];
    const text = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.string({ unit: 'grapheme', maxLength: 100 }),
      fc.array(fc.constantFrom(...pieces), { maxLength: 60 }).map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 8 }), (message, maxWords, maxCjk) => {
        const query = buildFactQuery(message, { maxWords, maxCjkTerms: maxCjk });
        // The stop words dropped are those of the message's language, the first it is searched as.
        const language = INDEX_STEMMERS.find(({ code }) => code === query.stemmedAs?.[0]);
        expect(query.words.length).toBeLessThanOrEqual(maxWords);
        expect(query.cjk.length).toBeLessThanOrEqual(maxCjk);
        expect(new Set(query.words).size).toBe(query.words.length);
        expect(new Set(query.cjk).size).toBe(query.cjk.length);
        for (const word of query.words) {
          expect(word).toMatch(plainWord);
          expect(word).toBe(word.toLowerCase());
          expect(language?.stopWords.has(word)).toBe(false);
          expect(word).not.toMatch(anyCjk);
        }
        for (const term of query.cjk) {
          expect(term).toMatch(plainCjk);
          expect(STOP_WORDS.has(term)).toBe(false);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('isEmptyQuery', () => {
  it('is true only when there is neither a word nor a CJK term', () => {
    expect(isEmptyQuery({ words: [], cjk: [], dates: [] })).toBe(true);
    expect(isEmptyQuery({ words: ['pnpm'], cjk: [], dates: [] })).toBe(false);
    expect(isEmptyQuery({ words: [], cjk: ['偏好'] })).toBe(false);
  });
});

describe('buildFactQuery dates', () => {
  it('adds the calendar terms of the dates a message names', () => {
    expect(buildFactQuery('What did we decide in May 2023?').dates).toEqual(['m202305']);
    expect(buildFactQuery('2023年5月の会議で何を決めた？').dates).toEqual(['m202305']);
    expect(buildFactQuery('you may want pnpm').dates).toEqual([]);
  });

  it('has something to search when a message names only a date', () => {
    expect(isEmptyQuery(buildFactQuery('and in March?'))).toBe(false);
  });
});
