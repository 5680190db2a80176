// A merchant's code in a fresh project that installed only the SDK's tarball: copied there by sdk.int.test.ts,
// type-checked with strict settings (no type below is written by hand: all come from the package), then run.
// Not part of this repository's build (it imports the package by its name, which only that project has).
import { createClient, SmsApiError, verifyWebhook, WebhookVerificationError, type SendRequest } from '@sms-gateway/sdk';

export async function sendAndPoll(baseUrl: string, apiKey: string, drain: () => Promise<void>) {
  const sms = createClient({ baseUrl, apiKey });
  const body: SendRequest = { to: ['+243810005555'], message: 'Your code is 123456' };
  const sent = await sms.send(body, { idempotencyKey: `sdk-${Date.now()}` });
  const id: string = sent.message_id;
  let status = await sms.status(id);
  for (let i = 0; i < 5 && status.status !== 'delivered' && status.status !== 'failed'; i++) {
    await drain();
    status = await sms.status(id);
  }
  const recipients = await sms.messages.recipients(id, { limit: '10' });
  return { sent, status, phones: recipients.items.map((r) => r.phone) };
}

export async function everyMethod(baseUrl: string, apiKey: string, number: string) {
  const sms = createClient({ baseUrl: `${baseUrl}/api/v1/svc/sms-api/`, apiKey });
  const later = await sms.send({ to: ['+243810005555'], message: 'Later', sending_type: 'scheduled', scheduled_dates: [{ date: '2099-01-05', time: '09:00' }] });
  const paused = await sms.pause(later.message_id);
  const resumed = await sms.resume(later.message_id);
  const cancelled = await sms.cancel(later.message_id);
  const balance = await sms.balance();
  const calc = await sms.calculate({ mode: 'amount_to_sms', amount: 1 });
  const added = await sms.optOuts.add({ phones: ['+243810009999'] });
  const listed = await sms.optOuts.list({});
  const removed = await sms.optOuts.remove('+243810009999');
  const requested = await sms.senderIds.request({ sender_id: 'ACME', purpose: 'Receipts', sample_message: 'Your receipt. ACME' });
  const senderIds = await sms.senderIds.list();
  const numbers = await sms.numbers.list();
  const inbound = await sms.inbound.list({ to: number });
  const messages = await sms.messages.list({ sending_type: 'scheduled' });
  return {
    states: [paused.status, resumed.status, cancelled.status],
    balance: balance.balance,
    sms: calc.sms_count,
    optOuts: [added.added, listed.items.length, removed],
    senderIds: [requested.state, senderIds.items.length],
    numbers: numbers.items.map((n) => n.number),
    inbound: inbound.items.length,
    messages: messages.items.map((m) => m.message_id),
  };
}

export async function failure(baseUrl: string, apiKey: string) {
  try {
    await createClient({ baseUrl, apiKey }).send({ to: [], message: '' });
    return null;
  } catch (err) {
    if (!(err instanceof SmsApiError)) throw err;
    return { status: err.status, code: err.code, message: err.message, fields: err.errors.map((e) => e.field) };
  }
}

export async function rateLimited(baseUrl: string, retry: boolean) {
  try {
    return await createClient({ baseUrl, apiKey: 'sk_test_x', retryOn429: retry }).balance();
  } catch (err) {
    if (err instanceof SmsApiError) return { status: err.status, code: err.code, retryAfter: err.retryAfter };
    throw err;
  }
}

export function verify(secret: string, headers: Record<string, string | string[] | undefined>, rawBody: string) {
  try {
    const event = verifyWebhook(secret, headers, rawBody);
    if (event.event_type === 'sms.delivered') return { type: event.event_type, phone: event.data.recipient_phone, segments: event.data.segments };
    return { type: event.event_type, id: event.event_id };
  } catch (err) {
    if (err instanceof WebhookVerificationError) return { refused: err.message };
    throw err;
  }
}
