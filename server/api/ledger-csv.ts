import type { Deps } from '@/server/api/trpc';
import { ledgerFilterFromParams } from '@/server/contracts/wallet-dashboard';
import { getOrganization } from '@/server/domain/organizations/get-organization';
import { dashboardMembership, preferredOrganization, type SessionUser } from '@/server/domain/users/accounts';
import { ledgerCsvLines } from '@/server/domain/wallets/ledger-csv';

const text = (status: number, body: string) =>
  new Response(body + '\n', { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

/**
 * GET …/wallet/ledger.csv: every ledger row of the signed-in user's
 * organization that matches the page's filters (same query string), streamed
 * a page at a time. Any role may export; no other organization's rows exist here.
 */
export async function ledgerCsvResponse(deps: Deps, user: SessionUser | null, url: URL, headers: { get(name: string): string | null }): Promise<Response> {
  if (!user) return text(401, 'Please sign in.');
  if (user.mustChangePassword) return text(403, 'Replace your one-time password before anything else.');
  const member = await dashboardMembership(deps.db, user.id, preferredOrganization(headers));
  if (!member) return text(403, 'You are not a member of any organization.');
  const filter = ledgerFilterFromParams(Object.fromEntries(url.searchParams));
  if (!filter.success) return text(400, filter.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
  const org = await getOrganization(deps.db, member.organizationId);
  if (!org) return text(404, 'Not found');
  const lines = ledgerCsvLines(deps.db, { organizationId: org.id, timezone: org.timezone, filter: filter.data });
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await lines.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (e) {
        controller.error(e);
      }
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="ledger-${org.id}-${day}.csv"`,
      'cache-control': 'no-store',
    },
  });
}
