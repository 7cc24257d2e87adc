import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateTerms, findDates } from './date-terms.js';

describe('dateTerms', () => {
  it('gives the year, the month of that year and the month name of a moment, in UTC', () => {
    expect(dateTerms(new Date('2023-05-08T12:00:00Z'))).toEqual(['y2023', 'm202305', 'mmay']);
    expect(dateTerms(new Date('2023-12-31T23:59:59Z'))).toEqual(['y2023', 'm202312', 'mdecember']);
  });
});

describe('findDates', () => {
  it('reads a month with its year in the usual English forms', () => {
    expect(findDates('What movie did Joanna watch on 1 May, 2022?')).toEqual(['m202205']);
    expect(findDates('Released Dec 2021')).toEqual(['m202112']);
    expect(findDates('in January 2022 and in April 2023')).toEqual(['m202201', 'm202304']);
  });

  it('reads ISO dates and Chinese/Japanese dates, full-width digits included', () => {
    expect(findDates('on 2023-05-08 we shipped')).toEqual(['m202305']);
    expect(findDates('2023年5月に引っ越した')).toEqual(['m202305']);
    expect(findDates('２０２３年１２月的会议')).toEqual(['m202312']);
    expect(findDates('5月的会议')).toEqual(['mmay']);
  });

  it('gives a month alone or a year alone when only one is named', () => {
    expect(findDates('Which spot did Joanna visit in May?')).toEqual(['mmay']);
    expect(findDates('I graduated in 2019.')).toEqual(['y2019']);
    expect(findDates('the 2022 season, then April 2023')).toEqual(['m202304', 'y2022']);
  });

  it('does not read the verb "may", "march" or numbers that are not years as dates', () => {
    expect(findDates('you may want to march on')).toEqual([]);
    expect(findDates('version 2.2023 of the tool, port 2023:80, 12023 items')).toEqual([]);
    expect(findDates('')).toEqual([]);
  });

  it('never throws and only gives calendar terms, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), (text) => {
        for (const term of findDates(text)) expect(term).toMatch(/^(?:y\d{4}|m\d{6}|m[a-z]+)$/);
      }),
    );
  });
});
