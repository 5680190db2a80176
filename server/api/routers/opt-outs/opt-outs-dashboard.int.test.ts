import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { optOutsCsvResponse, optOutsImportResponse } from '@/server/api/opt-outs-csv';
import type { SessionUser } from '@/server/domain/users/accounts';
import { signedUpCaller } from '@/tests/dashboard-helpers';
import { parseCsv } from '@/shared/csv/csv';
import { closePools, testDeps } from '@/tests/helpers';
import { refused, teamOf } from '@/tests/team-helpers';

/**
 * D19, the dashboard's Opt-outs page: its tRPC procedures (members read,
 * developers and owners change), the CSV import (100,000 phones under 10 s,
 * refused rows reported by number) and the CSV export.
 */
const deps = testDeps();
const { db } = deps;
afterAll(closePools);

function importCsv(user: SessionUser | null, csv: string, opts: { reason?: string; type?: string } = {}) {
  const url = `http://localhost/dashboard/opt-outs/import${opts.reason === undefined ? '' : `?reason=${encodeURIComponent(opts.reason)}`}`;
  return optOutsImportResponse(deps, user, new Request(url, { method: 'POST', body: csv, headers: { 'content-type': opts.type ?? 'text/csv' } }));
}

describe('CSV import', () => {
  // Its time is a bench figure (`npm run bench -- --only opt-outs`), not an assertion: on a busy machine it is noise.
  it('100,000 phones in one request, with one audit entry', async () => {
    const { api, user, organizationId } = await signedUpCaller(deps);
    const csv = ['phone,name', ...Array.from({ length: 100_000 }, (_, i) => `08${String(1_000_000 + i).padStart(8, '0')},Customer ${i}`)].join('\n');
    expect(csv.length).toBeGreaterThan(1_500_000);
    const res = await importCsv(user, csv, { reason: 'Old list' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ rows: 100_000, added: 100_000, already: 0, refused_total: 0, refused: [] });
    const [{ n }] = await db.execute<{ n: number }>(sql`select count(*)::int as n from opt_outs where organization_id = ${organizationId} and source = 'import' and reason = 'Old list'`);
    expect(n).toBe(100_000);
    const audits = await db.execute<{ details: unknown }>(sql`select details from audit_log where organization_id = ${organizationId} and action = 'opt_out.add'`);
    expect(audits.map((a) => a.details)).toEqual([{ source: 'import', added: 100_000, already: 0 }]);
    expect((await api.optOuts.list({ phone: '0801000000' })).items).toEqual([{ phone: '+243801000000', source: 'import', reason: 'Old list', created_at: expect.any(String) }]);
  }, 60_000);

  it('reports each refused row by its line number; listed phones count as already', async () => {
    const { api, user } = await signedUpCaller(deps);
    await api.optOuts.add({ phones: ['+243812345678'] });
    const csv = ['Phone', '+243812345678', 'not a phone', '', '"0991234567"', '12345', '0991234567;dup', `${'9'.repeat(40)}`].join('\r\n');
    const res = await importCsv(user, csv);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      rows: 6,
      added: 1,
      already: 1,
      refused_total: 3,
      refused: [
        { row: 3, value: 'not a phone', reason: "only digits with an optional single leading '+' are allowed" },
        { row: 6, value: '12345', reason: 'fewer than 8 characters after removing spaces and dashes' },
        { row: 8, value: '9'.repeat(32), reason: 'longer than 32 characters' },
      ],
    });
    expect((await api.optOuts.list({})).items.map((i) => [i.phone, i.source])).toEqual(
      expect.arrayContaining([
        ['+243812345678', 'dashboard'],
        ['+243991234567', 'import'],
      ]),
    );
  });

  it('refusals: no session, a viewer, not text/csv, a long reason, over 100,000 phones', async () => {
    const team = await teamOf(deps);
    expect((await importCsv(null, '0812345678')).status).toBe(401);
    const viewer = await importCsv(team.viewer.user, '0812345678');
    expect([viewer.status, await viewer.text()]).toEqual([403, 'This action needs the developer role.\n']);
    expect((await importCsv(team.developer.user, '0812345678', { type: 'application/x-www-form-urlencoded' })).status).toBe(415);
    expect((await importCsv(team.developer.user, '0812345678', { reason: 'x'.repeat(201) })).status).toBe(400);
    const tooMany = await importCsv(team.developer.user, Array.from({ length: 100_001 }, () => '0812345678').join('\n'));
    expect([tooMany.status, await tooMany.text()]).toEqual([400, 'A file may hold at most 100,000 phones; this one holds 100,001.\n']);
    expect((await team.owner.api.optOuts.list({})).items).toEqual([]);
  });
});

describe('Opt-outs procedures', () => {
  it('any member reads; developers and owners add and remove; viewers are refused', async () => {
    const team = await teamOf(deps);
    expect(await team.developer.api.optOuts.add({ phones: ['0812345678', '0991234567'], reason: 'Asked' })).toEqual({ added: 2, already: 0 });
    await refused(team.viewer.api.optOuts.add({ phones: ['0812345670'] }), 'FORBIDDEN');
    await refused(team.viewer.api.optOuts.remove({ phone: '+243812345678' }), 'FORBIDDEN');
    expect((await team.viewer.api.optOuts.list({})).items.map((i) => i.source)).toEqual(['dashboard', 'dashboard']);
    expect(await team.owner.api.optOuts.remove({ phone: '0812345678' })).toMatchObject({ phone: '+243812345678', source: 'dashboard', reason: 'Asked' });
    await refused(team.owner.api.optOuts.remove({ phone: '0812345678' }), 'NOT_FOUND', /^Not found$/);
    await refused(team.owner.api.optOuts.add({ phones: ['0812345678', 'abc'] }), 'BAD_REQUEST');
  });

  it('a keyword entry cannot be removed from the dashboard either (1131)', async () => {
    const { api, organizationId } = await signedUpCaller(deps);
    await db.execute(sql`insert into opt_outs (organization_id, phone, source) values (${organizationId}, '+243812345678', 'keyword')`);
    await refused(api.optOuts.remove({ phone: '+243812345678' }), 'CONFLICT', /only the subscriber's own START/);
  });

  it("another organization's list is neither listed, removable nor exported", async () => {
    const a = await signedUpCaller(deps);
    const b = await signedUpCaller(deps);
    await a.api.optOuts.add({ phones: ['0812345678'], reason: 'A, "quoted"' });
    expect((await b.api.optOuts.list({})).items).toEqual([]);
    await refused(b.api.optOuts.remove({ phone: '0812345678' }), 'NOT_FOUND');
    const mine = await (await optOutsCsvResponse(deps, a.user, new Headers())).text();
    expect(mine).toMatch(/^phone,source,reason,created_at\r\n\+243812345678,dashboard,"A, ""quoted""",\d{4}-\d{2}-\d{2}T[\d:.]+Z\r\n$/);
    expect(await (await optOutsCsvResponse(deps, b.user, new Headers())).text()).toBe('phone,source,reason,created_at\r\n');
    expect((await optOutsCsvResponse(deps, null, new Headers())).status).toBe(401);
  });
});

describe('CSV import and export read and write CSV alike (shared/csv)', () => {
  it('a quoted "Doe, Jane" cell before the phone column, and a `;`-separated file (French Excel), are read like Compose reads them', async () => {
    const { api, user } = await signedUpCaller(deps);
    const comma = await importCsv(user, 'name,phone\r\n"Doe, Jane",+243812345678\r\n"Smith, ""Bob""",0991234567\r\n');
    expect(await comma.json()).toEqual({ rows: 2, added: 2, already: 0, refused_total: 0, refused: [] });
    const semicolon = await importCsv(user, 'Nom;Téléphone\n"Doe; Jane";+243 81 000 5555\nMbuyi;abc\n');
    // No column is named phone: the first column is read, as Compose does; its row numbers are the file's lines.
    expect(await semicolon.json()).toMatchObject({ rows: 2, added: 0, refused_total: 2, refused: [{ row: 2, value: 'Doe; Jane' }, { row: 3, value: 'Mbuyi' }] });
    const phoneFirst = await importCsv(user, 'phone;nom\n+243 81 000 5555;"Doe; Jane"\n');
    expect(await phoneFirst.json()).toEqual({ rows: 1, added: 1, already: 0, refused_total: 0, refused: [] });
    expect((await api.optOuts.list({})).items.map((i) => i.phone).sort()).toEqual(['+243810005555', '+243812345678', '+243991234567']);
  });

  it('the export neutralises every formula start (= + - @ TAB CR), also after a `;` or `,` inside a cell', async () => {
    const { api, user } = await signedUpCaller(deps);
    const reasons = ['=1+1', '+1+1', '-1+1', '@SUM(A1)', '\t=1', '\r=1', 'x;=1+1;', 'y,@cmd'];
    for (const [i, reason] of reasons.entries()) await api.optOuts.add({ phones: [`+24381234560${i}`], reason });
    const text = await (await optOutsCsvResponse(deps, user, new Headers())).text();
    const byPhone = new Map(parseCsv(text).map((r) => [r[0], r[2]]));
    expect(reasons.map((_, i) => byPhone.get(`+24381234560${i}`))).toEqual(["'=1+1", "'+1+1", "'-1+1", "'@SUM(A1)", "'\t'=1", "'\r'=1", "x;'=1+1;", "y,'@cmd"]);
    // A `;` reader (French Excel) finds no cell starting with a formula character either.
    for (const line of text.split('\r\n').slice(1)) for (const cell of line.split(/[;,]/)) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+\-@]\D/);
  });
});
