import { InvalidInputError } from '../index.js';

/** The longest query string read (Node's own header limit is 16 KiB: this holds for an app served otherwise too). */
const MAX_QUERY_LENGTH = 16_384;

/**
 * A URL's query parameters, decoded strictly: a malformed escape or one that is not UTF-8 (a lone surrogate's bytes)
 * is refused rather than kept raw or replaced (Hono and `URLSearchParams` do either, and a raw `%ED%A0%80` then reads
 * as an id that merely does not exist). A name given twice is refused too: which one counts would be a guess.
 */
export function readQuery(url: string): Record<string, string> {
  const start = url.indexOf('?');
  if (start < 0) return {};
  const end = url.indexOf('#', start);
  const query = url.slice(start + 1, end < 0 ? undefined : end);
  if (query.length > MAX_QUERY_LENGTH) {
    throw new InvalidInputError('INVALID_ARGUMENT', 'query', `the query string is longer than ${MAX_QUERY_LENGTH}`);
  }
  const parameters: Record<string, string> = Object.create(null);
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const name = decode(equals < 0 ? pair : pair.slice(0, equals));
    const value = equals < 0 ? '' : decode(pair.slice(equals + 1));
    if (Object.hasOwn(parameters, name)) {
      throw new InvalidInputError('INVALID_ARGUMENT', name, `the query parameter ${JSON.stringify(name)} is repeated`);
    }
    parameters[name] = value;
  }
  return parameters;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    throw new InvalidInputError('INVALID_ARGUMENT', 'query', 'the query string is not well-formed UTF-8');
  }
}
