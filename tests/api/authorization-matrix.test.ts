// The authorization matrix (authorization-matrix.ts) covers the API: a row for every endpoint of
// /api/user/v1, none for an endpoint that does not exist, and a valid request for every row
// (authorization-requests.ts); authorization.test.ts sends them.
//   DATA_DIR=$(mktemp -d) node --conditions=react-server --import tsx --test tests/api/authorization-matrix.test.ts
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { endpointKey } from './endpoint-handlers';
import { matrix } from './authorization-matrix';
import { validRequests } from './authorization-requests';
import { allEndpoints } from '@/lib/server/http/endpoints';

describe('the matrix covers the API', () => {
  const declared = allEndpoints.map(endpointKey).sort();

  test('a row for every endpoint, and none for an endpoint that does not exist', () => {
    assert.deepEqual(
      declared.filter((key) => !(key in matrix)),
      [],
      'endpoints without a row',
    );
    assert.deepEqual(
      Object.keys(matrix).filter((key) => !declared.includes(key)),
      [],
      'rows for no endpoint',
    );
  });

  test('a valid request for every row', () => {
    assert.deepEqual(Object.keys(validRequests).sort(), Object.keys(matrix).sort());
  });
});
