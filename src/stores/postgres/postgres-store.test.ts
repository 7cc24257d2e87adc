import { afterAll, describe } from 'vitest';
import { dropSchemas, NO_POSTGRES, TEST_POSTGRES_URL, uniqueSchema } from '../../../test/support/test-postgres.js';
import { runMemoryStoreContract } from '../../store-kit.js';
import { postgresStore } from './postgres-store.js';

const schemas: string[] = [];
afterAll(() => dropSchemas(...schemas));

/** A store on a fresh schema of its own, dropped after the file's tests. */
function freshStore(prefix = 'store') {
  const schema = uniqueSchema(prefix);
  schemas.push(schema);
  return postgresStore({ connectionString: TEST_POSTGRES_URL as string, schema, poolSize: 4 });
}

describe.skipIf(!TEST_POSTGRES_URL)(`postgresStore${TEST_POSTGRES_URL ? '' : ` (${NO_POSTGRES})`}`, () => {
  runMemoryStoreContract('postgres', () => freshStore('contract'));
});
