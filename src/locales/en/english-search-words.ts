import type { LocaleSearch } from '../locale-pack.js';
import { englishDates } from './english-dates.js';
import { porterStem } from './porter-stem.js';

/** English search words; Porter's stemmer is the index's (as FTS5 ran it). */
export const englishSearchWords: LocaleSearch = {
  stopWords: `a about above after again against all also am an and any are aren't as at be because been before being
  below between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each few
  for from further get got had hadn't has hasn't have haven't having he her here hers herself him himself his how i
  i'm i've if in into is isn't it it's its itself just let let's like me might more most must mustn't my myself no nor
  not now of off on once only or other ought our ours ourselves out over own please same shan't she should shouldn't
  so some such than that that's the their theirs them themselves then there there's these they this those through to
  too under until up very was wasn't we we're were weren't what what's when where which while who whom why will with
  won't would wouldn't you you're your yours yourself yourselves yes yeah ok okay hi hello hey thanks thank tell know
  think want need use using used make one two may shall im ive dont doesnt cant wont whats thats lets`
    .split(/\s+/)
    .filter(Boolean),
  pastReferenceWords: `decide decided deciding decision decisions discuss discussed discussing discussion talk talked
  talking chat chatted say said mention mentioned agree agreed remind recall remember remembered earlier previously
  previous last time ago again settle settled conclude concluded conclusion pick picked choose chose chosen conversation`
    .split(/\s+/)
    .filter(Boolean),
  notNames: ['i', 'im', 'ive', 'id', 'ill', ...(englishDates.monthNames ?? []), ...(englishDates.dayNames ?? [])],
  indexStem: porterStem,
};
