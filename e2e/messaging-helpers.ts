/**
 * Setup for the messaging journeys (compose, schedule): a fresh organization
 * from sign-up has no app and no money, so these helpers give it both by
 * calling the domain functions against the e2e server's database (e2e/serve.ts
 * writes its URL to test-results/e2e-db-url-<port>.txt). They do not depend on
 * the keys or wallet pages.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { createDb } from '../db/client';
import { memberships, users } from '../db/schema';
import { createApp } from '../server/domain/keys/create-app';
import { updateWebhook } from '../server/domain/keys/update-webhook';
import { DRC_DEMO_PRICES } from '../server/domain/organizations/seed-demo';
import { replacePrices } from '../server/domain/pricing/set-prices';
import { topUpWallet } from '../server/domain/wallets/top-up';
import { money } from '../server/lib/money';

export const VODACOM = '+243810005555'; // delivered
export const M1111 = '+243810001111'; // fails at submission
export const M2222 = '+243810002222'; // sent, then fails
export const M3333 = '+243810003333'; // expires after CARRIER_SIM_VALIDITY_S
export const ORANGE = '+243840005555';

function databaseUrl(baseURL: string): string {
  return readFileSync(`test-results/e2e-db-url-${new URL(baseURL).port}.txt`, 'utf8').trim();
}

/**
 * Gives the signed-up user's organization an app (sandbox key; the key itself
 * is not needed by these journeys), the DRC prices, prepaid credit and, when
 * asked, a webhook URL. Returns the organization and app ids.
 */
export async function equipOrganization(baseURL: string, email: string, opts: { prepaid: string; webhookUrl?: string }) {
  const db = createDb(databaseUrl(baseURL), { max: 1 });
  try {
    const [row] = await db
      .select({ organizationId: memberships.organizationId })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(users.email, email.toLowerCase()));
    if (!row) throw new Error(`no organization for ${email}`);
    const secret = randomBytes(32).toString('hex');
    const { app } = await createApp(db, { organizationId: row.organizationId, name: 'E2E shop', environment: 'test', secret, actor: 'e2e' });
    await replacePrices(db, row.organizationId, DRC_DEMO_PRICES);
    await topUpWallet(db, { organizationId: row.organizationId, type: 'SVC_SMS', currency: 'USD', amount: money(opts.prepaid), actor: 'e2e', note: 'e2e setup' });
    if (opts.webhookUrl) {
      await updateWebhook(db, {
        appId: app.id, url: opts.webhookUrl, username: '', passwordAction: 'clear',
        organizationId: row.organizationId, environment: 'test', secret, actor: 'e2e', role: 'owner',
      });
    }
    return { organizationId: row.organizationId, appId: app.id };
  } finally {
    await db.$client.end({ timeout: 1 });
  }
}

/** A webhook receiver on 127.0.0.1 that acknowledges everything and counts event_ids (sandbox allows loopback, D10). */
export async function startWebhookReceiver(): Promise<{ url: string; hits: (eventId?: string) => number; close: () => Promise<void> }> {
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      try {
        seen.push(JSON.parse(body).event_id);
      } catch {
        seen.push('');
      }
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    hits: (eventId) => (eventId ? seen.filter((e) => e === eventId).length : seen.length),
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** A local date `days` from today in Africa/Kinshasa (UTC+1, no DST), as the date inputs take it. */
export function kinshasaDate(days: number): string {
  return new Date(Date.now() + 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}
