import type { LocaleDrops } from './locale-pack.js';

/**
 * A drop reader for a language that writes a drop as one pattern with named groups `subject` (optional) and `value`
 * (Chinese, Japanese): the first pattern that matches, when its value is short and one noun phrase (`notInValue`
 * finds what would make it a clause); `place` tells that a home or an employer was left.
 */
export function dropReader(
  patterns: readonly RegExp[],
  options: { notInValue: RegExp; place: RegExp; longest: number },
): LocaleDrops['read'] {
  return (text) => {
    for (const pattern of patterns) {
      const groups = pattern.exec(text)?.groups;
      const value = groups?.value?.trim();
      if (groups === undefined || value === undefined || value === '') continue;
      if (value.length > options.longest || options.notInValue.test(value)) continue;
      const subject = groups.subject === undefined ? {} : { subject: groups.subject };
      return { ...subject, value, place: options.place.test(text) };
    }
    return null;
  };
}
