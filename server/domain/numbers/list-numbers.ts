import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { gatewayApps, numbers, organizations } from '@/db/schema';
import type { AssignedNumber, NumberDetail, NumberItem } from '@/shared/contracts/numbers';
import { getOrganization } from '@/server/domain/organizations/get-organization';
import { ApiError } from '@/shared/errors/api-error';

/** A number with the names of its app and organization (what the console shows). */
export type NumberRow = {
  id: string;
  number: string;
  keyword: string | null;
  appId: string;
  appName: string;
  organizationId: string;
  organizationName: string;
  createdAt: Date;
};

/**
 * D18: assigned numbers, every organization's or one's (an unknown organization is 404), ordered by number,
 * each short code's catch-all before its keywords (`keyword_folded` '' sorts first).
 */
export async function listNumbers(db: DbOrTx, opts: { organizationId?: string } = {}): Promise<NumberRow[]> {
  const { organizationId } = opts;
  if (organizationId !== undefined && !(await getOrganization(db, organizationId))) {
    throw new ApiError('NOT_FOUND', { message: `unknown organization ${organizationId}` });
  }
  const query = db
    .select({
      id: numbers.id,
      number: numbers.number,
      keyword: numbers.keyword,
      appId: numbers.appId,
      appName: gatewayApps.name,
      organizationId: numbers.organizationId,
      organizationName: organizations.name,
      createdAt: numbers.createdAt,
    })
    .from(numbers)
    .innerJoin(gatewayApps, eq(gatewayApps.id, numbers.appId))
    .innerJoin(organizations, eq(organizations.id, numbers.organizationId));
  const filtered = organizationId === undefined ? query : query.where(eq(numbers.organizationId, organizationId));
  return filtered.orderBy(asc(numbers.number), asc(numbers.keywordFolded));
}

/** The CLI's object for a number (assign-number, list-numbers): `keyword` null when none. */
export function toAssignedNumber(r: Pick<NumberRow, 'id' | 'number' | 'keyword' | 'appId' | 'organizationId'>): AssignedNumber {
  return { number_id: r.id, number: r.number, keyword: r.keyword, app_id: r.appId, organization_id: r.organizationId };
}

/** The console's row: the CLI's object with names and the assignment time. */
export function toNumberDetail(r: NumberRow): NumberDetail {
  return { ...toAssignedNumber(r), app_name: r.appName, organization_name: r.organizationName, created_at: r.createdAt.toISOString() };
}

/** What a merchant sees of its organization's numbers (GET /numbers, the dashboard). */
export async function listOrganizationNumbers(db: DbOrTx, organizationId: string): Promise<NumberItem[]> {
  const rows = await db
    .select({ number: numbers.number, keyword: numbers.keyword, app_id: numbers.appId })
    .from(numbers)
    .where(eq(numbers.organizationId, organizationId))
    .orderBy(asc(numbers.number), asc(numbers.keywordFolded));
  return rows;
}
