import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { getOpenApiDocument } from '@/server/api/rest/openapi';

/**
 * Issue 13: every answer the test suite gets through the REST surface
 * (tests/helpers.ts restClient) is checked against openapi.json: the status
 * must be documented for that operation and the body must validate against
 * its schema (Ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses). A mismatch
 * throws, so the test that saw it fails and names the exchange.
 */
type Json = Record<string, any>;
const PREFIX = '/api/v1/svc/sms-api';
type Operation = { regexp: RegExp; method: string; responses: Record<string, Json> };

let state: { ops: Operation[]; ajv: Ajv2020; compiled: Map<Json, ValidateFunction> } | undefined;

function load() {
  if (state) return state;
  const doc = getOpenApiDocument() as unknown as Json;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: 'openapi.json', components: doc.components }, 'openapi.json');
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
    const regexp = new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    for (const [method, op] of Object.entries(item)) ops.push({ regexp, method: method.toUpperCase(), responses: (op as Json).responses });
  }
  state = { ops, ajv, compiled: new Map() };
  return state;
}

function rewriteRefs(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rewriteRefs);
  if (schema && typeof schema === 'object') {
    return Object.fromEntries(
      Object.entries(schema).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' ? v.replace(/^#/, 'openapi.json#') : rewriteRefs(v)]),
    );
  }
  return schema;
}

/** Throws when `status` and `body` of `method path` (relative to the API prefix) disagree with the document. */
export function checkAgainstDocument(method: string, path: string, status: number, body: unknown): void {
  const { ops, ajv, compiled } = load();
  // As the REST core routes it: dot segments resolved, the prefix and outer slashes off.
  const full = new URL(`http://localhost${PREFIX}${path}`).pathname;
  const pathname = `/${(full.startsWith(PREFIX) ? full.slice(PREFIX.length) : full).replace(/^\/+|\/+$/g, '')}`;
  if (pathname === '/openapi.json') return;
  const op = ops.find((o) => o.method === method && o.regexp.test(pathname));
  const where = `${method} ${path} -> ${status} ${JSON.stringify(body)?.slice(0, 300)}`;
  if (!op) {
    // Unknown routes and wrong methods: the catalogue's 1404 / 1405 envelope.
    if (status === 404 || status === 405 || method === 'HEAD') return;
    throw new Error(`openapi.json has no operation for ${where}`);
  }
  const response = op.responses[String(status)];
  if (!response) throw new Error(`openapi.json does not document status ${status} for ${where}`);
  const schema = response.content?.['application/json']?.schema;
  if (!schema || body === null) return;
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(rewriteRefs(schema) as Json);
    compiled.set(schema, validate);
  }
  if (!validate(body)) throw new Error(`openapi.json mismatch for ${where}: ${ajv.errorsText(validate.errors)}`);
}
