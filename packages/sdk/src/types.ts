import type { components, paths, webhooks } from './schema.js';

/**
 * Names for the generated types (schema.ts, from the service's OpenAPI document): what a method takes and what it
 * resolves to (an answer's `data`), read off the document's paths, so nothing here is written by hand.
 */
type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type DataOf<T> = T extends { data: infer D } ? D : never;
type Op<P extends keyof paths, M extends keyof paths[P]> = paths[P][M];
type Ok<O> = O extends { responses: infer R } ? DataOf<Json<R[Extract<keyof R, 200 | 201 | 202>]>> : never;
type Body<O> = O extends { requestBody?: infer B } ? Json<NonNullable<B>> : never;
type Query<O> = O extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

export type SendRequest = Body<Op<'/send', 'post'>>;
export type SendResult = Ok<Op<'/send', 'post'>>;
export type MessageStatus = Ok<Op<'/status/{message_id}', 'get'>>;
export type ControlResult = Ok<Op<'/cancel/{message_id}', 'delete'>>;
export type Balance = Ok<Op<'/balance', 'get'>>;
export type CalculateRequest = Body<Op<'/calculate', 'post'>>;
export type CalculateResult = Ok<Op<'/calculate', 'post'>>;
export type ListMessagesQuery = Query<Op<'/messages', 'get'>>;
export type MessagesPage = Ok<Op<'/messages', 'get'>>;
export type ListRecipientsQuery = Query<Op<'/messages/{message_id}/recipients', 'get'>>;
export type RecipientsPage = Ok<Op<'/messages/{message_id}/recipients', 'get'>>;
export type ListInboundQuery = Query<Op<'/inbound', 'get'>>;
export type InboundPage = Ok<Op<'/inbound', 'get'>>;
export type ListOptOutsQuery = Query<Op<'/opt-outs', 'get'>>;
export type OptOutsPage = Ok<Op<'/opt-outs', 'get'>>;
export type AddOptOutsRequest = Body<Op<'/opt-outs', 'post'>>;
export type AddOptOutsResult = Ok<Op<'/opt-outs', 'post'>>;
export type RemoveOptOutResult = Ok<Op<'/opt-outs/{phone}', 'delete'>>;
export type ListSenderIdsQuery = Query<Op<'/sender-ids', 'get'>>;
export type SenderIdsList = Ok<Op<'/sender-ids', 'get'>>;
export type RequestSenderIdRequest = Body<Op<'/sender-ids', 'post'>>;
export type CreatedSenderId = Ok<Op<'/sender-ids', 'post'>>;
export type NumbersList = Ok<Op<'/numbers', 'get'>>;

/** Every webhook body the service posts, told apart by `event_type` (the document's `webhooks`). */
export type WebhookEvent = { [K in keyof webhooks]: Json<NonNullable<webhooks[K]['post']>['requestBody']> }[keyof webhooks];
export type WebhookEventType = WebhookEvent['event_type'];
/** One event type's body, e.g. `WebhookEventOf<'sms.delivered'>`. */
export type WebhookEventOf<T extends WebhookEventType> = Extract<WebhookEvent, { event_type: T }>;

/** An error body of the service: `{detail}`, or the envelope with `error_code`, `message` and `errors`. */
export type ErrorBody = components['schemas']['ErrorEnvelope'] | components['schemas']['ErrorDetail'];
export type FieldError = NonNullable<components['schemas']['ErrorEnvelope']['errors']>[number];

export type { components, paths, webhooks };
