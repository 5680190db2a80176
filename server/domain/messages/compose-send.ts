import { and, asc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/db/client';
import { gatewayApps, organizations, wallets } from '@/db/schema';
import type { ComposeApp, ComposeOptions } from '@/shared/contracts/compose';
import type { SendRequest, SendResult } from '@/shared/contracts/send';
import { maskKey, type KeyEnvironment } from '@/server/domain/keys/api-keys';
import { AUTHED_APP_COLUMNS, toAuthedApp, type AuthedApp } from '@/server/domain/keys/authenticate';
import { currencySymbol } from '@/server/domain/pricing/currency';
import { effectivePriceRows } from '@/server/domain/pricing/effective-rows';
import { RateLimitError, takeSlot } from '@/server/domain/rate-limits/take-slot';
import { unitPriceOf } from '@/server/domain/pricing/unit-price';
import { listOrganizationNumbers } from '@/server/domain/numbers/list-numbers';
import { listSenderIds } from '@/server/domain/sender-ids/sender-ids';
import { ApiError } from '@/shared/errors/api-error';
import { validationError } from '@/shared/errors/validation';
import { money, toAmount } from '@/server/lib/money';
import { submitSend } from './submit-send';
import { fieldProblemText } from '@/shared/validation/field-problems';

/**
 * Dashboard compose (beyond the API): the merchant picks one of its apps and
 * the send goes through submitSend exactly as POST /send with that app's key
 * would (validation, pricing, schedules, the one-transaction charge).
 */

type AppRow = { id: string; name: string; environment: KeyEnvironment; status: string; keyPrefix: string; keyLast4: string };

async function appsOf(db: DbOrTx, organizationId: string): Promise<AppRow[]> {
  return db
    .select({
      id: gatewayApps.id,
      name: gatewayApps.name,
      environment: gatewayApps.environment,
      status: gatewayApps.status,
      keyPrefix: gatewayApps.keyPrefix,
      keyLast4: gatewayApps.keyLast4,
    })
    .from(gatewayApps)
    .where(eq(gatewayApps.organizationId, organizationId))
    .orderBy(asc(gatewayApps.createdAt), asc(gatewayApps.id));
}

/** An app may send when its key would authenticate on this deployment: status `allowed`, same environment. */
const canSend = (a: AppRow, environment: KeyEnvironment) => a.status === 'allowed' && a.environment === environment;

export async function getComposeOptions(
  db: DbOrTx,
  member: { organizationId: string; role: 'owner' | 'developer' | 'viewer' },
  environment: KeyEnvironment,
): Promise<ComposeOptions> {
  const [org] = await db.select().from(organizations).where(eq(organizations.id, member.organizationId));
  if (!org) throw new ApiError('NOT_FOUND');
  const [apps, { rows }, walletRows, approved, numbers] = await Promise.all([
    appsOf(db, org.id),
    effectivePriceRows(db, org.id),
    db.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.organizationId, org.id)),
    listSenderIds(db, org.id, { state: 'approved' }),
    listOrganizationNumbers(db, org.id),
  ]);
  const senders = apps.filter((a) => canSend(a, environment));
  return {
    apps: senders.map((a): ComposeApp => ({ app_id: a.id, name: a.name, environment: a.environment, key_hint: maskKey(a.keyPrefix, a.keyLast4) })),
    blocked_apps: apps.length - senders.length,
    role: member.role,
    can_send: member.role !== 'viewer',
    environment,
    timezone: org.timezone,
    default_country: org.defaultCountry,
    currency: org.currency,
    currency_symbol: currencySymbol(org.currency),
    default_price: unitPriceOf(org.defaultPrice),
    pricing_rows: rows,
    smart_encoding: org.smartEncoding,
    confirm_amount: Number(org.composeConfirmAmount),
    balance: walletRows.length ? toAmount(walletRows.reduce((sum, w) => sum.plus(w.balance), money(0))) : null,
    senders: { approved: approved.map((s) => s.sender_id).sort(), numbers: [...new Set(numbers.map((n) => n.number))] },
  };
}

/** The AuthedApp submitSend needs, for one of the organization's apps that may send now; else a validation error on `app_id`. */
export async function senderApp(db: DbOrTx, organizationId: string, appId: string, environment: KeyEnvironment): Promise<AuthedApp> {
  const [row] = await db
    .select(AUTHED_APP_COLUMNS)
    .from(gatewayApps)
    .innerJoin(organizations, eq(organizations.id, gatewayApps.organizationId))
    .where(and(eq(gatewayApps.id, appId), eq(gatewayApps.organizationId, organizationId)));
  const bad = (message: string) => validationError([{ field: 'app_id', code: 'INVALID_FIELD_FORMAT', message }]);
  if (!row) throw bad(fieldProblemText('appNotOurs'));
  if (row.environment !== environment) throw bad(fieldProblemText('appEnvironment', { appEnvironment: row.environment, environment }));
  if (row.status !== 'allowed') throw bad(fieldProblemText('appStatus', { status: row.status.replace('_', ' ') }));
  return toAuthedApp(row);
}

/** Submits a dashboard send as `appId`: a slot of its send bucket, then the same submitSend as POST /send, nothing re-implemented. */
export async function composeSend(
  db: Db,
  organizationId: string,
  input: { appId: string; send: SendRequest; idempotencyKey: string | null },
  opts: { environment: KeyEnvironment; now: Date; slotNow?: Date | null; allowHttpCallbacks: boolean },
): Promise<SendResult> {
  const app = await senderApp(db, organizationId, input.appId, opts.environment);
  // The key's own send bucket (D8): 1301/1302 as over REST, worded for a person.
  await takeSlot(db, app.appId, 'send', app.rateLimits, opts.slotNow ?? null).catch((e: unknown) => {
    if (e instanceof RateLimitError && e.errorName === 'RATE_LIMIT_EXCEEDED') {
      const limit = Number(e.headers['RateLimit-Limit']);
      throw new ApiError('RATE_LIMIT_EXCEEDED', {
        retryAfter: e.options.retryAfter,
        message: `This app has made its ${limit} sends allowed per minute (its key's limit). Try again in ${e.options.retryAfter} s.`,
      });
    }
    throw e;
  });
  return submitSend(db, app, input.send, { now: opts.now, idempotencyKey: input.idempotencyKey, allowHttpCallbacks: opts.allowHttpCallbacks, via: { channel: 'dashboard' } });
}
