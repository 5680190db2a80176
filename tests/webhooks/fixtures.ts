import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import type { NewEvent } from '@/server/domain/webhooks/emit-events';
import type { Called } from '../helpers';

type Call = (method: string, path: string, opts?: { key?: string | null; body?: unknown }) => Promise<Called>;

/** POST /send through the real REST surface; the message id and its recipients (message_recipients ids) in `to` order. */
export async function sendVia(db: Db, call: Call, key: string, to: string[], extra: Record<string, unknown> = {}) {
  const res = await call('POST', '/send', { key, body: { to, message: 'Hello', ...extra } });
  expect(res.status).toBe(201);
  const messageId = res.body.data.message_id as string;
  const recipients = await db.execute<{ id: number; phone: string; dispatch_id: string }>(
    sql`select id::float8 as id, phone, dispatch_id from message_recipients where message_id = ${messageId} order by position`,
  );
  return { messageId, recipients: [...recipients] };
}

export function deliveredEvent(messageId: string, r: { id: number; phone: string; dispatch_id: string }, at = new Date()): NewEvent {
  return {
    eventType: 'sms.delivered',
    messageId,
    dispatchId: r.dispatch_id,
    recipientId: r.id,
    at,
    data: { recipient_phone: r.phone, carrier: 'sim-vodacom', delivered_at: at.toISOString(), segments: 1, dispatch_at: null },
  };
}

export type EventRow = { id: string; event_type: string; recipient_id: number | null; payload: any };
export async function eventOf(db: Db, messageId: string, type: string, recipientId: number | null = null): Promise<EventRow> {
  const rows = await db.execute<EventRow>(sql`
    select id::text, event_type, recipient_id::float8 as recipient_id, payload from webhook_events
     where message_id = ${messageId} and event_type = ${type} and recipient_id is not distinct from ${recipientId}::bigint`);
  expect(rows).toHaveLength(1);
  return rows[0];
}

export type DeliveryRow = {
  id: string;
  url: string;
  use_basic_auth: boolean;
  state: string;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: Date | null;
};
export async function deliveriesOf(db: Db, eventId: string): Promise<DeliveryRow[]> {
  const rows = await db.execute<Omit<DeliveryRow, 'next_attempt_at'> & { next_attempt_at: string | null }>(sql`
    select id, url, use_basic_auth, state, attempts, last_status_code, last_error, next_attempt_at
      from webhook_deliveries where event_id = ${eventId}::uuid order by created_at, id`);
  return rows.map((r) => ({ ...r, next_attempt_at: r.next_attempt_at === null ? null : new Date(r.next_attempt_at) }));
}

export type AttemptRow = { attempted_at: Date; status_code: number | null; latency_ms: number; error: string | null };
export async function attemptsOf(db: Db, deliveryId: string): Promise<AttemptRow[]> {
  const rows = await db.execute<Omit<AttemptRow, 'attempted_at'> & { attempted_at: string }>(sql`
    select attempted_at, status_code, latency_ms, error from webhook_attempts where delivery_id = ${deliveryId} order by attempted_at, id`);
  return rows.map((r) => ({ ...r, attempted_at: new Date(r.attempted_at) }));
}

/** Ends every pending delivery so the next test's runs only see their own. */
export async function settlePending(db: Db): Promise<void> {
  await db.execute(sql`update webhook_deliveries set state = 'failed', locked_until = null where state = 'pending'`);
}

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
