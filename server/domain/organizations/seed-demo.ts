import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { gatewayApps, organizations } from '@/db/schema';
import { of } from '@/server/lib/sql-names';
import { money } from '@/server/lib/money';
import { createMerchant, type CreatedMerchant } from './create-merchant';

/** DRC networks and their E.164 prefixes (243 + the national 8x/9x range). */
export const DRC_DEMO_PRICES = [
  { country: 'CD', network: 'Vodacom', prefixes: ['24381', '24382', '24383'], price: '0.0200' },
  { country: 'CD', network: 'Orange', prefixes: ['24384', '24385', '24389'], price: '0.0190' },
  { country: 'CD', network: 'Airtel', prefixes: ['24397', '24398', '24399'], price: '0.0180' },
  { country: 'CD', network: 'Africell', prefixes: ['24390', '24391'], price: '0.0170' },
];

const DEMO_NAME = 'Demo Merchant';

/**
 * The demo merchant's organization and its first app, when the database has one (seeded by an earlier start): a
 * later start cannot show its key again (only a digest is stored), but says which app to rotate.
 */
export async function findDemoMerchant(db: Db): Promise<{ organizationId: string; appId: string } | null> {
  const [row] = await db.execute<{ organization_id: string; app_id: string }>(sql`
    select ${of('o', organizations.id)} as organization_id, ${of('a', gatewayApps.id)} as app_id
      from ${organizations} o join ${gatewayApps} a on ${of('a', gatewayApps.organizationId)} = ${of('o', organizations.id)}
     where ${of('o', organizations.name)} = ${DEMO_NAME} order by ${of('o', organizations.createdAt)}, ${of('a', gatewayApps.createdAt)} limit 1`);
  return row ? { organizationId: row.organization_id, appId: row.app_id } : null;
}

/**
 * On the first start against an empty database (sandbox only), creates a demo
 * merchant with funded wallets and DRC pricing, and returns its key so the
 * launcher can print it once. Serialized by an advisory lock so that two
 * instances starting together seed once.
 */
export async function seedDemoMerchant(db: Db, secret: string): Promise<CreatedMerchant | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    const [{ n }] = await tx.execute<{ n: number }>(sql`select count(*)::int as n from ${organizations}`);
    if (n > 0) return null;
    return createMerchant(
      tx as unknown as Db,
      {
        name: DEMO_NAME,
        currency: 'USD',
        timezone: 'Africa/Kinshasa',
        defaultCountry: 'CD',
        defaultPrice: '0.0200',
        prepaid: money('100'),
        postpaid: money('50'),
        prices: DRC_DEMO_PRICES,
        environment: 'test',
        actor: 'seed',
      },
      secret,
    );
  });
}
