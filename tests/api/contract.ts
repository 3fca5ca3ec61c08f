// Every answer the API tests receive is checked against the OpenAPI document the API serves: the
// status must be one the operation documents, and the body must match that response's schema
// (answers are strict: an extra, missing or mistyped field fails). Each answer is also logged, so
// that tests/api/coverage/answers.test.ts can check that every endpoint was answered.
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Endpoint } from '@/lib/server/http/endpoints';
import { openApiDocument } from '@/lib/server/http/openapi';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Doc = any;

const doc: Doc = openApiDocument('http://localhost:3000');
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
ajv.addSchema({ $id: 'openapi.json', components: doc.components });
const validators = new Map<string, ReturnType<typeof ajv.compile>>();

/** The log of answers, one JSON line each: `{ method, path, status }`. */
export function answersLog(): string {
  return path.join(process.env.DATA_DIR!, 'api-answers.jsonl');
}

/** Throws when an answer is not what the document says this endpoint answers with this status. */
export function checkAnswer(endpoint: Endpoint, status: number, body: unknown): void {
  appendFileSync(answersLog(), JSON.stringify({ method: endpoint.method, path: endpoint.path, status }) + '\n');
  const where = `${endpoint.method} ${endpoint.path} answered ${status}`;
  const operation = doc.paths[endpoint.path]?.[endpoint.method.toLowerCase()];
  if (!operation) throw new Error(`${where}: not in the OpenAPI document`);
  const response = operation.responses[String(status)];
  if (!response) throw new Error(`${where}: a status the document does not list for this operation`);
  const schema = response.content?.['application/json']?.schema;
  if (!schema) return; // a redirect: no body
  const key = `${endpoint.method} ${endpoint.path} ${status}`;
  let validate = validators.get(key);
  if (!validate) {
    // Local references point into the document's components, registered above as openapi.json.
    const rebased = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/'));
    validate = ajv.compile(rebased);
    validators.set(key, validate);
  }
  if (!validate(body))
    throw new Error(
      `${where}, which does not match the OpenAPI document: ${ajv.errorsText(validate.errors, { separator: '; ' })}\n${JSON.stringify(body).slice(0, 2000)}`,
    );
}

/** An answer of a handler that serves no declared endpoint (the API's fallbacks): the error envelope. */
export function checkError(status: number, body: unknown): void {
  const validate = (validators.get('Error') ??
    ajv.compile({ $ref: 'openapi.json#/components/schemas/Error' })) as ReturnType<typeof ajv.compile>;
  validators.set('Error', validate);
  if (status < 400 || !validate(body))
    throw new Error(`A fallback answered ${status}, not the error envelope: ${JSON.stringify(body).slice(0, 500)}`);
}
