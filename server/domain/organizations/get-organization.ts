import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { organizations } from '@/db/schema';

export type OrganizationSummary = typeof organizations.$inferSelect;

/** One organization; `lock` takes its row lock for the caller's transaction. */
export async function getOrganization(db: DbOrTx, id: string, opts: { lock?: boolean } = {}): Promise<OrganizationSummary | null> {
  const query = db.select().from(organizations).where(eq(organizations.id, id));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row ?? null;
}
