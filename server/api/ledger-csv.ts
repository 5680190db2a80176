import type { Deps } from '@/server/api/trpc';
import { ledgerFilterFromParams } from '@/shared/contracts/wallet-dashboard';
import { getOrganization } from '@/server/domain/organizations/get-organization';
import type { SessionUser } from '@/server/domain/users/accounts';
import { ledgerCsvLines } from '@/server/domain/wallets/ledger-csv';
import { csvAttachment, routeMember, textAnswer as text } from './route-member';

/**
 * GET …/wallet/ledger.csv: every ledger row of the signed-in user's
 * organization that matches the page's filters (same query string), streamed
 * a page at a time. Any role may export; no other organization's rows exist here.
 */
export async function ledgerCsvResponse(deps: Deps, user: SessionUser | null, url: URL, headers: { get(name: string): string | null }): Promise<Response> {
  const member = await routeMember(deps, user, headers);
  if (member instanceof Response) return member;
  const filter = ledgerFilterFromParams(Object.fromEntries(url.searchParams));
  if (!filter.success) return text(400, filter.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
  const org = await getOrganization(deps.db, member.organizationId);
  if (!org) return text(404, 'Not found');
  const lines = ledgerCsvLines(deps.db, { organizationId: org.id, timezone: org.timezone, filter: filter.data });
  return csvAttachment(lines, `ledger-${org.id}-${new Date().toISOString().slice(0, 10)}.csv`);
}
