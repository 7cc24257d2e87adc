/** A query string from the defined, non-empty values. */
export function query(values: Readonly<Record<string, string | number | null | undefined>>): string {
  const parameters = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== null && value !== '') parameters.set(name, String(value));
  }
  const text = parameters.toString();
  return text === '' ? '' : `?${text}`;
}

/** A link inside the page (the hash router's). */
export function link(path: string, values: Readonly<Record<string, string | number | null | undefined>> = {}): string {
  return `#${path}${query(values)}`;
}
