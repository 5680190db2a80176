import createFetchClient from 'openapi-fetch';
import { SmsApiError } from './errors.js';
import type * as T from './types.js';
import type { paths } from './schema.js';

/** Where the v1 API lives under the service's address. */
export const API_PREFIX = '/api/v1/svc/sms-api';

export type RetryOn429 = {
  /** Retries after a 429 (default 1: the API's advice is to wait Retry-After and retry once). */
  attempts?: number;
  /** A Retry-After longer than this (seconds, default 60) is not waited for: the 429 is thrown. */
  maxWaitSeconds?: number;
};

export type ClientOptions = {
  /** The service's address (`https://gateway.example.com`), or the API's (`…/api/v1/svc/sms-api`). */
  baseUrl: string;
  /** Your `sk_test_…` or `sk_live_…` key, sent as `app-key`. Server side only. */
  apiKey: string;
  /** On a 429, wait the answer's Retry-After and retry (off unless asked). */
  retryOn429?: boolean | RetryOn429;
  /** A fetch of your own (tests, proxies); globalThis.fetch by default. */
  fetch?: (request: Request) => Promise<Response>;
};

export type SmsClient = {
  /** POST /send; `idempotencyKey` makes a retried call answer the first one and charge nothing more (D12). */
  send(body: T.SendRequest, options?: { idempotencyKey?: string }): Promise<T.SendResult>;
  /** GET /status/{message_id}. */
  status(messageId: string): Promise<T.MessageStatus>;
  balance(): Promise<T.Balance>;
  calculate(body: T.CalculateRequest): Promise<T.CalculateResult>;
  cancel(messageId: string): Promise<T.ControlResult>;
  pause(messageId: string): Promise<T.ControlResult>;
  resume(messageId: string): Promise<T.ControlResult>;
  messages: {
    list(query?: T.ListMessagesQuery): Promise<T.MessagesPage>;
    recipients(messageId: string, query?: T.ListRecipientsQuery): Promise<T.RecipientsPage>;
  };
  inbound: { list(query?: T.ListInboundQuery): Promise<T.InboundPage> };
  optOuts: {
    list(query?: T.ListOptOutsQuery): Promise<T.OptOutsPage>;
    add(body: T.AddOptOutsRequest): Promise<T.AddOptOutsResult>;
    remove(phone: string): Promise<T.RemoveOptOutResult>;
  };
  senderIds: {
    list(query?: T.ListSenderIdsQuery): Promise<T.SenderIdsList>;
    request(body: T.RequestSenderIdRequest): Promise<T.CreatedSenderId>;
  };
  numbers: { list(): Promise<T.NumbersList> };
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** fetch that, on a 429, waits Retry-After and tries again, `attempts` times at most. */
function retrying(fetchImpl: (r: Request) => Promise<Response>, retry: Required<RetryOn429>) {
  return async (request: Request): Promise<Response> => {
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= retry.attempts;
      const res = await fetchImpl(last ? request : request.clone());
      if (res.status !== 429 || last) return res;
      const seconds = Number(res.headers.get('retry-after'));
      const wait = Number.isFinite(seconds) && seconds >= 0 ? seconds : 1;
      if (wait > retry.maxWaitSeconds) return res;
      await res.body?.cancel();
      await sleep(wait * 1000);
    }
  };
}

function apiUrl(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return base.endsWith(API_PREFIX) ? base : `${base}${API_PREFIX}`;
}

/** An answer's `data`, or the SmsApiError its error body says. */
async function dataOf<D>(call: Promise<{ data?: unknown; error?: unknown; response: Response }>): Promise<D> {
  const { data, error, response } = await call;
  if (!response.ok || error !== undefined) {
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new SmsApiError(response.status, error, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined);
  }
  return (data as { data: D }).data;
}

/** A typed client of the SMS gateway's v1 REST API: each method resolves to the answer's `data`, or throws SmsApiError. */
export function createClient(options: ClientOptions): SmsClient {
  const base = options.fetch ?? ((r: Request) => globalThis.fetch(r));
  const retry = options.retryOn429 === true ? {} : options.retryOn429 || undefined;
  const api = createFetchClient<paths>({
    baseUrl: apiUrl(options.baseUrl),
    headers: { 'app-key': options.apiKey },
    fetch: retry ? retrying(base, { attempts: retry.attempts ?? 1, maxWaitSeconds: retry.maxWaitSeconds ?? 60 }) : base,
  });
  const id = (message_id: string) => ({ params: { path: { message_id } } });
  return {
    send: (body, o) => dataOf(api.POST('/send', { body, params: { header: o?.idempotencyKey ? { 'Idempotency-Key': o.idempotencyKey } : undefined } })),
    status: (messageId) => dataOf(api.GET('/status/{message_id}', id(messageId))),
    balance: () => dataOf(api.GET('/balance')),
    calculate: (body) => dataOf(api.POST('/calculate', { body })),
    cancel: (messageId) => dataOf(api.DELETE('/cancel/{message_id}', id(messageId))),
    pause: (messageId) => dataOf(api.POST('/pause/{message_id}', id(messageId))),
    resume: (messageId) => dataOf(api.POST('/resume/{message_id}', id(messageId))),
    messages: {
      list: (query) => dataOf(api.GET('/messages', { params: { query } })),
      recipients: (messageId, query) => dataOf(api.GET('/messages/{message_id}/recipients', { params: { path: { message_id: messageId }, query } })),
    },
    inbound: { list: (query) => dataOf(api.GET('/inbound', { params: { query } })) },
    optOuts: {
      list: (query) => dataOf(api.GET('/opt-outs', { params: { query } })),
      add: (body) => dataOf(api.POST('/opt-outs', { body })),
      remove: (phone) => dataOf(api.DELETE('/opt-outs/{phone}', { params: { path: { phone } } })),
    },
    senderIds: {
      list: (query) => dataOf(api.GET('/sender-ids', { params: { query } })),
      request: (body) => dataOf(api.POST('/sender-ids', { body })),
    },
    numbers: { list: () => dataOf(api.GET('/numbers')) },
  };
}
