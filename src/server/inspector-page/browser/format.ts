/** A date as `YYYY-MM-DD hh:mm:ss` (UTC), or a dash. */
export function formatDate(value: unknown): string {
  if (value === null || value === undefined) return '–';
  const date = new Date(typeof value === 'number' ? value : String(value));
  return Number.isNaN(date.getTime()) ? '–' : date.toISOString().slice(0, 19).replace('T', ' ');
}

export function percent(value: unknown): string {
  return typeof value === 'number' ? `${(value * 100).toFixed(1)}%` : '–';
}

export function count(value: unknown): string {
  return typeof value === 'number' ? value.toLocaleString('en-US') : '–';
}

export function pretty(value: unknown): string {
  return JSON.stringify(value, null, 2);
}
