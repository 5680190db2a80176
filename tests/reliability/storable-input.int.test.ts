import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '@/server/api/root';
import { callerAs, signedUpCaller } from '../dashboard-helpers';
import { assignNumber } from '../carrier/inbound-helpers';
import { closePools, makeMerchant, restClient, testDeps } from '../helpers';

/**
 * Issue 39, item 4: text the database cannot hold (a lone surrogate, NUL) and moments outside what Postgres and
 * our code accept are refused by the contracts with their 400, never a 500 from Postgres.
 */
const deps = testDeps();
const call = restClient(deps);
let m: Awaited<ReturnType<typeof makeMerchant>>;
afterAll(closePools);
beforeAll(async () => {
  m = await makeMerchant(deps.db, deps.env, { prepaid: '10' });
  await assignNumber(deps.db, m, '243990101010');
});

const LONE = ['a\ud800b', 'a\udc00b', 'ab\ud83d', '\ude00ab'];
const TEXT_MESSAGE = 'must not contain NUL (U+0000) or unpaired surrogate (U+D800 to U+DFFF) characters';
const invalid = (field: string, message: string) => ({
  success: false,
  status_code: 400,
  error_code: '1110',
  message: 'A field has an invalid format.',
  detail: 'A field has an invalid format.',
  errors: [{ field, message }],
});
const MOMENT_MESSAGE = 'Use a date from 1900-01-01 to 9999-12-30.';

describe('REST: the named cases answer 400 1110', () => {
  it.each(LONE)('POST /inbound/simulate with text %j', async (text) => {
    const res = await call('POST', '/inbound/simulate', { key: m.apiKey, body: { from: '+243812345678', to: '243990101010', text } });
    expect([res.status, res.body]).toEqual([400, invalid('text', TEXT_MESSAGE)]);
  });

  it.each([
    ['/messages?created_from=', 'created_from'],
    ['/messages?created_to=', 'created_to'],
    ['/messages?updated_since=', 'updated_since'],
    ['/inbound?received_since=', 'received_since'],
  ])('GET %s{calendar extreme}', async (path, field) => {
    for (const moment of ['0001-01-01', '0000-01-01', '1899-12-31', '9999-12-31', '9999-12-31T23:00:00-05:00', '0001-01-01T00:00:00+14:00', '0000-12-31T23:59:59Z']) {
      const res = await call('GET', `${path}${encodeURIComponent(moment)}`, { key: m.apiKey });
      expect([moment, res.status, res.body]).toEqual([moment, 400, invalid(field, MOMENT_MESSAGE)]);
    }
    // The edges themselves are accepted.
    for (const moment of ['1900-01-01', '9999-12-30', '1900-01-01T00:00:00-12:00', '9999-12-30T23:59:59.999999+14:00']) {
      expect([moment, (await call('GET', `${path}${encodeURIComponent(moment)}`, { key: m.apiKey })).status]).toEqual([moment, 200]);
    }
  });
});

describe('tRPC: the organization name, sign-up and the other text fields answer BAD_REQUEST', () => {
  const issues = (e: { code: string; cause?: { issues?: Array<{ path: PropertyKey[]; message: string }> } }) => [e.code, e.cause?.issues?.map((i) => [i.path.join('.'), i.message])];

  it.each(LONE)('organization.update name %j', async (name) => {
    const { api } = await signedUpCaller(deps);
    const err = await api.organization.update({ name, timezone: 'Africa/Kinshasa', defaultCountry: 'CD' }).catch((e) => e);
    expect(issues(err)).toEqual(['BAD_REQUEST', [['name', TEXT_MESSAGE]]]);
  });

  it('auth.signUp: name, organization name, email and password', async () => {
    const api = callerAs(deps, null);
    const form = { name: 'Ada', email: 'ada-storable@example.com', password: 'a long enough password', organizationName: 'Ada Co' };
    for (const field of ['name', 'organizationName', 'password'] as const) {
      const err = await api.auth.signUp({ ...form, [field]: `${form[field]}\ud800` }).catch((e) => e);
      expect(issues(err)).toEqual(['BAD_REQUEST', [[field, TEXT_MESSAGE]]]);
    }
    const nul = await api.auth.signUp({ ...form, organizationName: 'Ada\u0000Co' }).catch((e) => e);
    expect(issues(nul)).toEqual(['BAD_REQUEST', [['organizationName', TEXT_MESSAGE]]]);
  });

  it('the dashboard history filters refuse calendar extremes', async () => {
    const { api } = await signedUpCaller(deps);
    const err = await api.messages.list({ from: '0001-01-01' }).catch((e) => e);
    expect(issues(err)).toEqual(['BAD_REQUEST', [['from', MOMENT_MESSAGE]]]);
  });
});

/** Every zod string reachable from a schema (objects, arrays, optionals, pipes, unions, records ...). */
function stringsOf(schema: unknown, path: string, out: Array<{ path: string; schema: { safeParse(v: unknown): { success: boolean } } }>, seen = new Set<unknown>()): void {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
  seen.add(schema);
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  if (!def) return;
  switch (def.type) {
    case 'string':
      out.push({ path, schema: schema as never });
      return;
    case 'object':
      for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) stringsOf(v, `${path}.${k}`, out, seen);
      return;
    case 'array':
      return stringsOf(def.element, `${path}[]`, out, seen);
    case 'record':
      stringsOf(def.keyType, `${path}{key}`, out, seen);
      return stringsOf(def.valueType, `${path}{}`, out, seen);
    case 'union':
      for (const o of def.options as unknown[]) stringsOf(o, path, out, seen);
      return;
    case 'pipe':
      return stringsOf(def.in, path, out, seen);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return stringsOf(def.innerType, path, out, seen);
    case 'lazy':
      return stringsOf((def.getter as () => unknown)(), path, out, seen);
    case 'tuple':
      (def.items as unknown[]).forEach((item, i) => stringsOf(item, `${path}[${i}]`, out, seen));
      return;
  }
}

/**
 * Path parameters whose every value that is not an id of theirs is the contract's 404 (`Message not found`, `Not
 * found`): each is checked by its shape before any query, so what the database cannot hold never reaches it.
 */
const PATH_IDS_CHECKED_BY_SHAPE = ['messages.getStatus.message_id', 'messages.cancel.message_id', 'messages.pause.message_id', 'messages.resume.message_id', 'optOuts.deleteApi.phone', 'optOuts.remove.phone'];

describe('every procedure input (REST and tRPC)', () => {
  it('has no string field that takes a lone surrogate or NUL (but the path ids answered 404 by shape)', () => {
    const procedures = (appRouter as unknown as { _def: { procedures: Record<string, { _def: { inputs: unknown[] } }> } })._def.procedures;
    const strings: Array<{ path: string; schema: { safeParse(v: unknown): { success: boolean } } }> = [];
    for (const [name, p] of Object.entries(procedures)) for (const input of p._def.inputs) stringsOf(input, name, strings);
    expect(strings.length).toBeGreaterThan(50);
    const takes = strings.filter((s) => ['a\ud800b', 'ab\udfff', 'a\u0000b'].some((v) => s.schema.safeParse(v).success)).map((s) => s.path);
    expect(takes).toEqual(PATH_IDS_CHECKED_BY_SHAPE);
  });
});
