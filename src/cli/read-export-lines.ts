import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { type ExportRecord, InvalidInputError, parseExportRecord } from '../index.js';

export interface ExportLine {
  /** 1-based line number in the file. */
  line: number;
  record: ExportRecord;
}

/**
 * The records of an export file (JSON Lines, UTF-8, LF or CRLF, a byte-order mark allowed; blank lines skipped), a
 * line at a time, each checked: a line that is not JSON, or not a record, is an `InvalidInputError` that names the
 * file, the line and the field. `onBytes` hears how far into the file the reading is.
 */
export async function* readExportLines(path: string, onBytes?: (bytes: number) => void): AsyncGenerator<ExportLine> {
  try {
    await stat(path);
  } catch (error) {
    throw new InvalidInputError('INVALID_ARGUMENT', 'file', `cannot read ${path}: ${(error as Error).message}`);
  }
  const stream = createReadStream(path, { encoding: 'utf8' });
  const lines = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
  let number = 0;
  try {
    for await (const raw of lines) {
      number += 1;
      onBytes?.(stream.bytesRead);
      const text = number === 1 && raw.startsWith('\uFEFF') ? raw.slice(1) : raw;
      if (text.trim() === '') continue;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        throw new InvalidInputError(
          'INVALID_ARGUMENT',
          'file',
          `${path}:${number}: not JSON (${(error as Error).message})`,
        );
      }
      let record: ExportRecord;
      try {
        record = parseExportRecord(value);
      } catch (error) {
        if (!InvalidInputError.isInstance(error)) throw error;
        throw new InvalidInputError(error.code, error.argument, `${path}:${number}: ${error.message}`);
      }
      yield { line: number, record };
    }
  } finally {
    lines.close();
    stream.destroy();
  }
}
