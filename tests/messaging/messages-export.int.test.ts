import { afterAll, describe, expect, it } from 'vitest';
import { messagesCsvResponse, recipientsCsvResponse } from '@/server/api/messages-csv';
import { getOrganization } from '@/server/domain/organizations/get-organization';
import { messagesCsvLines, recipientsCsvLines, MESSAGES_CSV_HEADER, RECIPIENTS_CSV_HEADER } from '@/server/domain/messages/export-messages';
import { parseCsv } from '@/shared/csv/csv';
import { closePools, testDeps } from '../helpers';
import { readyMerchant } from './setup';

const deps = testDeps();
afterAll(closePools);

type User = Parameters<typeof messagesCsvResponse>[1];
const messagesCsv = async (user: User, query = '') => {
  const res = await messagesCsvResponse(deps, user, new URL(`http://localhost/dashboard/messages/messages.csv${query}`), new Headers());
  return { res, text: await res.text() };
};
const recipientsCsv = async (user: User, id: string) => {
  const res = await recipientsCsvResponse(deps, user, id, new Headers());
  return { res, text: await res.text() };
};
const all = async (lines: AsyncGenerator<string>) => {
  let out = '';
  for await (const l of lines) out += l;
  return parseCsv(out);
};

describe('Messages and recipients CSV exports (issue 44)', async () => {
  const a = await readyMerchant(deps, { prepaid: '10' });
  const b = await readyMerchant(deps, { prepaid: '10' });
  const send = async (m: typeof a, to: string[], message = 'Hello') => (await m.api.messages.compose({ app_id: m.appId, send: { message, to } as never })).message_id;
  const first = await send(a, ['+243810005555']);
  const second = await send(a, ['+243840005555', '+243810001111', '+243990001234'], '=HYPERLINK("x")');
  const foreign = await send(b, ['+243810005555'], 'Foreign text');

  it('Messages: every send of the organization with the page’s filters, newest first; never another organization’s', async () => {
    const { res, text } = await messagesCsv(a.user);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="messages-org_\w+-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual(MESSAGES_CSV_HEADER);
    expect(rows.slice(1).map((r) => r[0])).toEqual([second, first]);
    expect(text).not.toContain(foreign);
    expect(text).not.toContain('Foreign text');
    const second_ = rows[1];
    expect(second_[1]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(second_.slice(2, 4)).toEqual(['pending', 'immediate']);
    expect(second_[6]).toBe('3');
    expect(second_[16]).toBe(`'=HYPERLINK("x")`); // the one formula rule of shared/csv

    const byPhone = parseCsv((await messagesCsv(a.user, '?phone=0001111&status=&from=')).text);
    expect(byPhone.slice(1).map((r) => r[0])).toEqual([second]);
    expect(parseCsv((await messagesCsv(a.user, '?status=delivered')).text)).toHaveLength(1);
    expect((await messagesCsv(a.user, '?status=bogus')).res.status).toBe(400);
    expect((await messagesCsv(a.user, '?from=2026-05-02&to=2026-05-01')).res.status).toBe(400);
    expect((await messagesCsv(a.user, '?phone=12')).res.status).toBe(400);
    expect((await messagesCsv(null)).res.status).toBe(401);
  });

  it('recipients: one row per delivery of an own send; another organization’s send is 404', async () => {
    const { res, text } = await recipientsCsv(a.user, second);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="recipients-${second}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    const rows = parseCsv(text);
    expect(rows[0]).toEqual(RECIPIENTS_CSV_HEADER);
    expect(rows.slice(1).map((r) => [r[1], r[2], r[3]])).toEqual([
      ['0', '+243840005555', 'pending'],
      ['1', '+243810001111', 'pending'],
      ['2', '+243990001234', 'pending'],
    ]);
    const foreignRes = await recipientsCsv(a.user, foreign);
    expect(foreignRes.res.status).toBe(404);
    expect(foreignRes.text).not.toContain('+243810005555');
    expect((await recipientsCsv(null, second)).res.status).toBe(401);
  });

  it('reads in keyset pages and stops at the bound', async () => {
    const org = (await getOrganization(deps.db, a.organizationId))!;
    const paged = await all(messagesCsvLines(deps.db, org, {}, { max: 10, page: 1 }));
    expect(paged.slice(1).map((r) => r[0])).toEqual([second, first]);
    const bounded = await all(messagesCsvLines(deps.db, org, {}, { max: 1, page: 1 }));
    expect(bounded.slice(1).map((r) => r[0])).toEqual([second]);
    const recips = await all(recipientsCsvLines(deps.db, a.organizationId, second, { max: 2, page: 1 }));
    expect(recips.slice(1).map((r) => r[2])).toEqual(['+243840005555', '+243810001111']);
  });
});
