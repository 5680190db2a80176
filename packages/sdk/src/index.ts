export { API_PREFIX, createClient, type ClientOptions, type RetryOn429, type SmsClient } from './client.js';
export { SmsApiError, WebhookVerificationError } from './errors.js';
export { verifyWebhook, type HeadersLike } from './webhooks.js';
export type * from './types.js';
