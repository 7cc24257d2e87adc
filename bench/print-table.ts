/** Prints rows as an aligned plain-text table (numbers right-aligned). */
export function printTable(
  title: string,
  headers: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number>>,
): void {
  const cells = rows.map((row) => row.map((cell) => (typeof cell === 'number' ? formatNumber(cell) : cell)));
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...cells.map((row) => (row[column] ?? '').length)),
  );
  const line = (row: readonly string[], numeric: boolean[]): string =>
    row
      .map((cell, column) => (numeric[column] ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0)))
      .join('  ');
  const numeric = headers.map((_, column) => rows.every((row) => typeof row[column] === 'number'));
  console.log(`\n${title}`);
  console.log(line([...headers], numeric));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of cells) console.log(line(row, numeric));
}

function formatNumber(value: number): string {
  if (Number.isInteger(value)) return String(value);
  return value < 10 ? value.toFixed(3) : value.toFixed(1);
}

/** The q-quantile (0-1) of sorted values, nearest rank. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}
