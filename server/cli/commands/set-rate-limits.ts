import type { RateLimitOverrides } from '@/db/schema';
import { recordAudit } from '@/server/domain/audit/record-audit';
import { getApp } from '@/server/domain/keys/get-app';
import { setRateLimits } from '@/server/domain/keys/manage-keys';
import { getSmppTps, setSmppTps } from '@/server/domain/smpp-access/credentials';
import { BUCKETS } from '@/server/domain/rate-limits/take-slot';
import { CliError, defineCommand } from '../command';
import * as check from '../validate';

export const setRateLimitsCommand = defineCommand({
  name: 'set-rate-limits',
  summary: "Override an app's per-minute bucket sizes (D8 defaults: send 60, status 120, balance 30, calculate 60, control 30) and its SMPP submit_sm per second (D15 default 50)",
  usage: '--app-id ID [--send N] [--status N] [--balance N] [--calculate N] [--control N] [--smpp-tps N]',
  options: {
    'app-id': { type: 'string' },
    send: { type: 'string' },
    status: { type: 'string' },
    balance: { type: 'string' },
    calculate: { type: 'string' },
    control: { type: 'string' },
    'smpp-tps': { type: 'string' },
  },
  async run(v, { db }) {
    const appId = check.required(v['app-id'], 'app-id');
    const overrides: RateLimitOverrides = {};
    for (const bucket of BUCKETS) {
      const text = v[bucket];
      if (text !== undefined) overrides[bucket] = check.limit(text, bucket);
    }
    const smppTps = v['smpp-tps'] === undefined ? undefined : check.limit(v['smpp-tps'], 'smpp-tps');
    if (Object.keys(overrides).length === 0 && smppTps === undefined) {
      throw new CliError(`give at least one of ${[...BUCKETS, 'smpp-tps'].map((b) => `--${b}`).join(', ')}`);
    }
    const merged = await db.transaction(async (tx) => {
      const app = await getApp(tx, appId, { lock: true });
      if (!app) throw new CliError(`unknown app ${appId}`);
      const result = Object.keys(overrides).length ? await setRateLimits(tx, appId, overrides) : app.rateLimits;
      if (!result) throw new CliError(`unknown app ${appId}`);
      if (smppTps !== undefined) await setSmppTps(tx, appId, smppTps);
      await recordAudit(tx, {
        actor: 'cli',
        action: 'rate_limits.set',
        targetType: 'gateway_app',
        targetId: appId,
        organizationId: app.organizationId,
        details: { changed: { ...overrides, ...(smppTps === undefined ? {} : { smpp_tps: smppTps }) }, rate_limits: result },
      });
      return { rateLimits: result, smppTps: smppTps ?? (await getSmppTps(tx, appId)) };
    });
    return { data: { app_id: appId, rate_limits: merged.rateLimits, smpp_tps: merged.smppTps } };
  },
});
