// Who may do what: for every endpoint of /api/user/v1 (lib/server/http/endpoints/index.ts), the status a VALID
// request gets from each of three callers. The table is authorization-matrix.ts, the requests are made by
// authorization-requests.ts; this test sends them. A new endpoint without a row fails here.
//   DATA_DIR=$(mktemp -d) node --conditions=react-server --import tsx --test tests/api/authorization.test.ts
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { call } from './helpers';
import { endpointKey, handlerOf } from './endpoint-handlers';
import { rowCounts } from './table-counts';
import { callers, matrix, type Status } from './authorization-matrix';
import { address, deleteListingsOfMembers, makeMembers, sessionOf, validRequests } from './authorization-requests';
import { allEndpoints } from '@/lib/server/http/endpoints';
import { migrateDb } from '@/lib/server/db/migrate';
import { closeDb } from '@/lib/server/db/client';
import { POST as signIn } from '@/app/api/user/v1/auth/sign-in/route';

before(async () => {
  await migrateDb();
  await makeMembers();
});
after(async () => {
  await deleteListingsOfMembers();
  await closeDb();
});

describe('who may do what', () => {
  for (const endpoint of allEndpoints) {
    const key = endpointKey(endpoint);
    const row = matrix[key];
    test(`${key}: ${row ? callers.map((c) => `${c} ${row[c] ?? '-'}`).join(', ') : 'no row'}`, async () => {
      assert.ok(row, `${key} has no row in the matrix`);
      const handler = await handlerOf(endpoint);
      for (const caller of callers) {
        const valid = await validRequests[key]!(caller);
        const expected: Status | null = row[caller];
        if (expected === null) {
          // The owner of this row has no session: signing in is refused until the address is confirmed.
          assert.ok(valid.unconfirmed, `${key}: a null cell needs the account that cannot sign in`);
          const refused = await call(signIn, { body: valid.unconfirmed, address: address() });
          assert.equal(refused.json.error?.code, 'EMAIL_NOT_VERIFIED');
          assert.equal(refused.cookie, undefined);
          continue;
        }
        const as = sessionOf(caller, valid);
        const countsBefore = await rowCounts();
        const stored = await valid.read?.();
        const answer = await call(handler, {
          params: valid.params,
          query: valid.query,
          body: valid.body,
          form: valid.form,
          cookie: as?.cookie,
          address: address(),
        });
        assert.equal(answer.status, expected, `${key} as ${caller}: ${JSON.stringify(answer.json)}`);
        valid.check?.(caller, answer);
        if (answer.status >= 400) {
          assert.deepEqual(await rowCounts(), countsBefore, `${key} as ${caller}: a refused request wrote`);
          assert.deepEqual(await valid.read?.(), stored, `${key} as ${caller}: a refused request changed it`);
        }
      }
    });
  }
});
