import { afterAll, describe, expect, it } from 'vitest';
import { closePools, testDeps } from '@/tests/helpers';
import { findDemoMerchant, seedDemoMerchant } from './seed-demo';

const { db, env } = testDeps();
afterAll(closePools);

describe('the demo merchant (first start of a sandbox)', () => {
  it('is created once; every later start finds its app to name in the rotate-key hint', async () => {
    expect(await findDemoMerchant(db)).toBeNull();
    const created = await seedDemoMerchant(db, env.APP_SECRET);
    expect(created?.apiKey).toMatch(/^sk_test_/);
    expect(await seedDemoMerchant(db, env.APP_SECRET)).toBeNull();
    expect(await findDemoMerchant(db)).toEqual({ organizationId: created!.organizationId, appId: created!.appId });
  });
});
