// The last pass of the API tests, in the DATA_DIR the other files used (scripts/test.mjs runs it on
// its own, after them): every declared endpoint answered at least one success, and a refusal where it
// reads a body. Every one of those answers was checked against the OpenAPI document (../contract.ts),
// so an endpoint that no test calls cannot hide a document that drifted from the code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { allEndpoints } from '@/lib/server/http/endpoints';
import { answersLog } from '../contract';
import { endpointKey } from '../endpoint-handlers';

const answers = existsSync(answersLog())
  ? readFileSync(answersLog(), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { method: string; path: string; status: number })
  : [];

const statusesOf = (key: string) =>
  new Set(answers.filter((a) => `${a.method} ${a.path}` === key).map((a) => a.status));

test(`the API tests left their answers (${answers.length})`, () => {
  assert.ok(answers.length > allEndpoints.length, `no answers in ${answersLog()}`);
});

for (const endpoint of allEndpoints) {
  const key = endpointKey(endpoint);
  test(`${key} answered a success${endpoint.body ? ' and a refusal' : ''}, each as the document says`, () => {
    const statuses = [...statusesOf(key)];
    assert.ok(
      statuses.some((s) => s < 400),
      `${key}: no success among ${statuses.join(', ') || 'no answer'}`,
    );
    if (endpoint.body)
      assert.ok(
        statuses.some((s) => s >= 400 && s < 500),
        `${key}: no refusal among ${statuses.join(', ')}`,
      );
  });
}
