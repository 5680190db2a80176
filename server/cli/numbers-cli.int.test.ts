import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, gatewayApps, numbers } from '@/db/schema';
import { createApp } from '@/server/domain/keys/create-app';
import { closePools, makeMerchant, testDb, testEnv } from '@/tests/helpers';
import { cliHarness } from '@/tests/cli-harness';

/**
 * D18 numbers from the operator CLI: assign-number, release-number and list-numbers print D18's JSON exactly,
 * refuse what the rules refuse (one error line, exit 2, nothing written), and audit every change.
 */
const db = testDb();
const env = testEnv();
afterAll(closePools);
const { cli, ok, refused } = cliHarness(db, env, snapshot);

/** The rows a numbers command could write (numbers, gateway_apps, audit_log): a refusal leaves them as they were. */
async function snapshot() {
  const [n, apps, audit] = await Promise.all([
    db.select().from(numbers).orderBy(asc(numbers.id)),
    db.select().from(gatewayApps).orderBy(asc(gatewayApps.id)),
    db.select().from(auditLog).orderBy(asc(auditLog.id)),
  ]);
  return JSON.stringify({ n, apps, audit });
}
const numberAudits = (ids: string[]) =>
  db.select().from(auditLog).where(inArray(auditLog.targetId, ids)).orderBy(asc(auditLog.id));

let acme: { organizationId: string; appId: string };
let acmeShop: string;
let other: { organizationId: string; appId: string };
beforeAll(async () => {
  acme = await makeMerchant(db, env, { name: 'Acme' });
  acmeShop = (await createApp(db, { organizationId: acme.organizationId, name: 'Shop', environment: 'test', secret: env.APP_SECRET, actor: 'test' })).app.id;
  other = await makeMerchant(db, env, { name: 'Other' });
});

describe('assign-number, release-number, list-numbers (D18)', () => {
  const assigned: string[] = [];

  it('assigns a dedicated number, a short code catch-all and keywords of the same short code to different apps', async () => {
    const dedicated = await ok('assign-number', '--app-id', acme.appId, '--number', '243812345678');
    expect(dedicated).toEqual({ number_id: expect.stringMatching(/^num_[0-9A-Za-z]{22}$/), number: '243812345678', keyword: null, app_id: acme.appId, organization_id: acme.organizationId });
    const catchAll = await ok('assign-number', '--app-id', acme.appId, '--number', '4321');
    expect(catchAll).toEqual({ number_id: expect.stringMatching(/^num_/), number: '4321', keyword: null, app_id: acme.appId, organization_id: acme.organizationId });
    const shop = await ok('assign-number', '--app-id', acmeShop, '--number', '4321', '--keyword', 'SHOP');
    expect(shop).toEqual({ number_id: expect.stringMatching(/^num_/), number: '4321', keyword: 'SHOP', app_id: acmeShop, organization_id: acme.organizationId });
    const promo = await ok('assign-number', '--app-id', other.appId, '--number', '4321', '--keyword', 'Promo2');
    expect(promo).toMatchObject({ number: '4321', keyword: 'Promo2', app_id: other.appId, organization_id: other.organizationId });
    assigned.push(dedicated.number_id, catchAll.number_id, shop.number_id, promo.number_id);
    const [row] = await db.select().from(numbers).where(eq(numbers.id, shop.number_id));
    expect(row).toMatchObject({ number: '4321', keyword: 'SHOP', keywordFolded: 'SHOP', appId: acmeShop, organizationId: acme.organizationId });
  });

  it('each assignment is audited: actor cli, number.assign, the number, keyword and app', async () => {
    const rows = await numberAudits(assigned);
    expect(rows.map((a) => [a.actor, a.action, a.targetType, a.organizationId, a.details])).toEqual([
      ['cli', 'number.assign', 'number', acme.organizationId, { number: '243812345678', keyword: null, app_id: acme.appId }],
      ['cli', 'number.assign', 'number', acme.organizationId, { number: '4321', keyword: null, app_id: acme.appId }],
      ['cli', 'number.assign', 'number', acme.organizationId, { number: '4321', keyword: 'SHOP', app_id: acmeShop }],
      ['cli', 'number.assign', 'number', other.organizationId, { number: '4321', keyword: 'Promo2', app_id: other.appId }],
    ]);
  });

  it('list-numbers: every organization, or one, ordered by number, the catch-all before the keywords', async () => {
    const all = await ok('list-numbers');
    expect(all).toEqual({
      numbers: [
        { number_id: assigned[0], number: '243812345678', keyword: null, app_id: acme.appId, organization_id: acme.organizationId },
        { number_id: assigned[1], number: '4321', keyword: null, app_id: acme.appId, organization_id: acme.organizationId },
        { number_id: assigned[3], number: '4321', keyword: 'Promo2', app_id: other.appId, organization_id: other.organizationId },
        { number_id: assigned[2], number: '4321', keyword: 'SHOP', app_id: acmeShop, organization_id: acme.organizationId },
      ],
    });
    expect(await ok('list-numbers', '--organization-id', other.organizationId)).toEqual({
      numbers: [{ number_id: assigned[3], number: '4321', keyword: 'Promo2', app_id: other.appId, organization_id: other.organizationId }],
    });
  });

  it.each([
    ['the same keyword in another case and with an accent (one keyword, folded)', ['--number', '4321', '--keyword', 'shôp'], /short code 4321 keyword shôp is already assigned to app app_\w+ \(Shop, Acme\) \(as SHOP\): release it first/],
    ['the same keyword, for the app that holds it', ['--number', '4321', '--keyword', 'Shop'], /already assigned to app app_\w+ \(Shop, Acme\)/],
    ['a second catch-all on a short code', ['--number', '4321'], /short code 4321 \(catch-all\) is already assigned to app app_\w+ \(Acme sandbox app, Acme\)/],
    ['a dedicated number another app holds', ['--number', '243812345678'], /number 243812345678 is already assigned/],
  ])('409 conflict, refused: %s', async (_, args, message) => {
    expect(await refused(['assign-number', '--app-id', acmeShop, ...args])).toMatch(message);
  });

  it.each([
    ['a keyword on a dedicated number', ['--app-id', 'APP', '--number', '243899999999', '--keyword', 'SHOP'], 'bad --keyword "SHOP": only a short code (3-7 digits) takes a keyword'],
    ['a number of 2 digits', ['--app-id', 'APP', '--number', '12'], 'bad --number "12": expected a dedicated number of 8-15 digits'],
    ['a number with +', ['--app-id', 'APP', '--number', '+243812345678'], 'bad --number "+243812345678"'],
    ['a number of 16 digits', ['--app-id', 'APP', '--number', '2438123456789012'], 'bad --number'],
    ['a dedicated number starting with 0', ['--app-id', 'APP', '--number', '0812345678'], 'bad --number'],
    ['letters in the number', ['--app-id', 'APP', '--number', '43a1'], 'bad --number'],
    ['a keyword of 1 character', ['--app-id', 'APP', '--number', '5555', '--keyword', 'A'], 'bad --keyword "A": expected 2-20 letters or digits'],
    ['a keyword of 21 characters', ['--app-id', 'APP', '--number', '5555', '--keyword', 'A'.repeat(21)], 'bad --keyword'],
    ['a keyword with a space', ['--app-id', 'APP', '--number', '5555', '--keyword', 'TWO WORDS'], 'bad --keyword'],
    ['a keyword with punctuation', ['--app-id', 'APP', '--number', '5555', '--keyword', 'SHOP!'], 'bad --keyword'],
    ['an empty keyword', ['--app-id', 'APP', '--number', '5555', '--keyword', ''], '--keyword must not be empty'],
    ['no --number', ['--app-id', 'APP'], 'missing --number'],
    ['no --app-id', ['--number', '5555'], 'missing --app-id'],
    ['an unknown app', ['--app-id', 'app_nope', '--number', '5555'], 'unknown app app_nope'],
  ])('assign-number refuses %s', async (_, args, message) => {
    expect(await refused(['assign-number', ...args.map((a) => (a === 'APP' ? acme.appId : a))])).toContain(message);
  });

  it.each([
    ['a number nobody holds', ['--number', '9999'], 'short code 9999 (catch-all) is not assigned'],
    ['a keyword nobody holds', ['--number', '4321', '--keyword', 'NONE'], 'short code 4321 keyword NONE is not assigned'],
    ['a keyword on a dedicated number', ['--number', '243812345678', '--keyword', 'SHOP'], 'bad --keyword'],
    ['a malformed number', ['--number', '12'], 'bad --number'],
    ['no --number', [], 'missing --number'],
  ])('release-number refuses %s', async (_, args, message) => {
    expect(await refused(['release-number', ...args])).toContain(message);
  });

  it('list-numbers refuses an unknown organization', async () => {
    expect(await refused(['list-numbers', '--organization-id', 'org_nope'])).toContain('unknown organization org_nope');
  });

  it('release-number takes back one keyword (matched folded, printed as assigned); the catch-all and other keywords stay', async () => {
    expect(await ok('release-number', '--number', '4321', '--keyword', 'shôp')).toEqual({ released: true, number: '4321', keyword: 'SHOP' });
    expect((await ok('list-numbers', '--organization-id', acme.organizationId)).numbers.map((n: { number: string; keyword: string | null }) => [n.number, n.keyword])).toEqual([
      ['243812345678', null],
      ['4321', null],
    ]);
    // Free again: another app may take it, in any spelling.
    expect(await ok('assign-number', '--app-id', other.appId, '--number', '4321', '--keyword', 'Shöp')).toMatchObject({ keyword: 'Shöp', app_id: other.appId });
  });

  it('release-number without --keyword takes back the catch-all only, and a dedicated number', async () => {
    expect(await ok('release-number', '--number', '4321')).toEqual({ released: true, number: '4321', keyword: null });
    expect(await ok('release-number', '--number', '243812345678')).toEqual({ released: true, number: '243812345678', keyword: null });
    expect((await ok('list-numbers')).numbers.map((n: { number: string; keyword: string | null }) => [n.number, n.keyword])).toEqual([
      ['4321', 'Promo2'],
      ['4321', 'Shöp'],
    ]);
    const releases = (await numberAudits(assigned)).filter((a) => a.action === 'number.release');
    expect(releases.map((a) => [a.actor, a.targetType, a.organizationId, a.details])).toEqual([
      ['cli', 'number', acme.organizationId, { number: '4321', keyword: 'SHOP', app_id: acmeShop }],
      ['cli', 'number', acme.organizationId, { number: '4321', keyword: null, app_id: acme.appId }],
      ['cli', 'number', acme.organizationId, { number: '243812345678', keyword: null, app_id: acme.appId }],
    ]);
  });

  it('help lists the three commands', async () => {
    const r = await cli(['help']);
    for (const c of ['assign-number', 'release-number', 'list-numbers']) expect(r.out).toContain(`  ${c} `);
  });
});
