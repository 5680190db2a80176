import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { foldKeyword } from '@/server/domain/numbers/keyword';

/** D18 numbers for tests, written as the numbers CLI writes them (numbers.ts: keyword as typed, its folded form). */
export async function assignNumber(db: Db, m: { appId: string; organizationId: string }, number: string, keyword: string | null = null): Promise<void> {
  await db.execute(sql`
    insert into numbers (id, number, keyword, keyword_folded, app_id, organization_id)
    values (${`num_${randomBytes(8).toString('hex')}`}, ${number}, ${keyword}, ${keyword === null ? '' : foldKeyword(keyword)}, ${m.appId}, ${m.organizationId})`);
}

export async function setInboundUrl(db: Db, appId: string, url: string | null): Promise<void> {
  await db.execute(sql`update gateway_apps set inbound_url = ${url} where id = ${appId}`);
}

export type InboundRow = {
  id: string;
  organization_id: string | null;
  app_id: string | null;
  from_phone: string;
  to_number: string;
  keyword: string | null;
  text: string;
  encoding: string;
  segments: number;
  complete: boolean;
  carrier: string;
  in_reply_to: string | null;
};

export function inboundRows(db: Db, where = sql`true`) {
  return db.execute<InboundRow>(sql`
    select id, organization_id, app_id, from_phone, to_number, keyword, text, encoding, segments, complete, carrier, in_reply_to
      from inbound_messages where ${where} order by created_at, id`);
}

export function receivedEvents(db: Db, inboundId: string) {
  return db.execute<{ id: string; app_id: string; payload: any }>(sql`
    select id::text, app_id, payload from webhook_events where inbound_id = ${inboundId} and event_type = 'sms.received'`);
}
