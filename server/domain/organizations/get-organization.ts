import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { organizations } from '@/db/schema';
import type { SmartEncodingMode } from '@/shared/messages/smart-encoding';

export type OrganizationSummary = typeof organizations.$inferSelect;

/** D21: the organization's smart encoding for sends that name none. */
export async function organizationSmartEncoding(db: DbOrTx, id: string): Promise<SmartEncodingMode> {
  const [row] = await db.select({ mode: organizations.smartEncoding }).from(organizations).where(eq(organizations.id, id));
  return row?.mode ?? 'off';
}

/** One organization; `lock` takes its row lock for the caller's transaction. */
export async function getOrganization(db: DbOrTx, id: string, opts: { lock?: boolean } = {}): Promise<OrganizationSummary | null> {
  const query = db.select().from(organizations).where(eq(organizations.id, id));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row ?? null;
}
