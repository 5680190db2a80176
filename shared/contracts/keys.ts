import { z } from 'zod';
import { DbText } from './storable';

/**
 * Dashboard contracts of the API keys page (shared by the procedures and the
 * forms). No secret ever appears in an output here except `api_key` of the one
 * answer that creates or regenerates it.
 */
export const KEY_STATUS_VALUES = ['allowed', 'pending_validation', 'suspended', 'revoqued', 'locked', 'expired', 'rejected'] as const;
export const KeyStatusValue = z.enum(KEY_STATUS_VALUES);
export type KeyStatusValue = z.infer<typeof KeyStatusValue>;

export const MAX_WEBHOOK_URL = 2048;
export const MAX_APPS_PER_ORGANIZATION = 50;

export const AppId = DbText.trim().regex(/^app_[0-9A-Za-z]{1,40}$/, 'Unknown app.');

/** An app and its key as every later view shows it: prefix…last4, never the key or the webhook password. */
export const AppView = z.object({
  id: z.string(),
  name: z.string(),
  environment: z.enum(['test', 'live']),
  status: KeyStatusValue,
  masked_key: z.string(),
  created_at: z.string(),
  key_created_at: z.string(),
  last_used_at: z.string().nullable(),
  webhook: z.object({
    url: z.string().nullable(),
    username: z.string().nullable(),
    /** Only whether a password is stored: the password itself never leaves the server. */
    password_set: z.boolean(),
  }),
  /** SMPP access (D15): the bind's system_id once enabled (the password is shown only when set), and the app's TPS. */
  smpp: z.object({ system_id: z.string().nullable(), tps: z.number().int() }),
  /** Where the app's inbound messages go (D18); null: nowhere. */
  inbound_url: z.string().nullable(),
});
export type AppView = z.infer<typeof AppView>;

/** SMPP credentials at their one showing (D15: system_id up to 15 characters, password exactly 8). */
export const SmppCredentials = z.object({ app_id: z.string(), system_id: z.string(), password: z.string() });
export type SmppCredentials = z.infer<typeof SmppCredentials>;

export const ListAppsResult = z.object({ apps: z.array(AppView), environment: z.enum(['test', 'live']) });
export type ListAppsResult = z.infer<typeof ListAppsResult>;

export const CreateAppInput = z.object({
  name: DbText.trim().min(1, 'Enter a name for the app.').max(80, 'Use at most 80 characters.'),
});
export type CreateAppInput = z.infer<typeof CreateAppInput>;

/** The only answers that carry a plain key: shown once, never stored. */
export const KeyWithSecret = z.object({ app: AppView, api_key: z.string() });
export type KeyWithSecret = z.infer<typeof KeyWithSecret>;

/** A new app: its key and its webhook signing secret (D16), both shown this once. */
export const CreatedApp = KeyWithSecret.extend({ signing_secret: z.string() });
export type CreatedApp = z.infer<typeof CreatedApp>;

/** A rotated webhook signing secret (shown once); the previous one still signs until `previous_valid_until`. */
export const RotatedSigningSecret = z.object({ signing_secret: z.string(), previous_valid_until: z.string() });
export type RotatedSigningSecret = z.infer<typeof RotatedSigningSecret>;

export const AppRef = z.object({ appId: AppId });
export type AppRef = z.infer<typeof AppRef>;

function webhookUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Enter an absolute URL such as https://example.com/hooks/sms.';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'The URL must start with https:// (or http:// in the sandbox).';
  if (url.username || url.password) return 'Put the credentials in the username and password fields, not in the URL.';
  return null;
}

/**
 * D18: where an app's inbound messages (and D19's opt-out events) go, under the webhook URL's rules (https only
 * in live: the server checks, knowing the environment). '' removes it.
 */
export const InboundUrl = DbText
  .trim()
  .max(MAX_WEBHOOK_URL, `Use at most ${MAX_WEBHOOK_URL} characters.`)
  .superRefine((v, ctx) => {
    const problem = v === '' ? null : webhookUrlProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * Webhook settings. An empty URL removes the webhook and its credentials. The
 * password is write-only: `keep` leaves the stored one, `replace` stores
 * `password`, `clear` removes it. Live deployments also require https (checked
 * by the server, which knows the environment). `inboundUrl` (D18) is set with
 * them when given.
 */
export const UpdateWebhookInput = z
  .object({
    appId: AppId,
    url: DbText.trim().max(MAX_WEBHOOK_URL, `Use at most ${MAX_WEBHOOK_URL} characters.`),
    username: DbText.trim().max(200, 'Use at most 200 characters.'),
    passwordAction: z.enum(['keep', 'replace', 'clear']),
    password: DbText.max(200, 'Use at most 200 characters.').optional(),
    /** Absent: the inbound URL stays as it is. */
    inboundUrl: InboundUrl.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.url !== '') {
      const problem = webhookUrlProblem(v.url);
      if (problem) ctx.addIssue({ code: 'custom', path: ['url'], message: problem });
    } else if (v.username !== '' || v.passwordAction === 'replace') {
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'Basic credentials need a webhook URL.' });
    }
    if (v.passwordAction === 'replace') {
      if (!v.password) ctx.addIssue({ code: 'custom', path: ['password'], message: 'Enter the new password.' });
      if (v.username === '') ctx.addIssue({ code: 'custom', path: ['username'], message: 'A password needs a username.' });
    }
  });
export type UpdateWebhookInput = z.infer<typeof UpdateWebhookInput>;

/** What the webhook answered to the sample event. */
export const TestEventResult = z.object({
  url: z.string(),
  status_code: z.number().int().nullable(),
  latency_ms: z.number().int(),
  error: z.string().nullable(),
  ok: z.boolean(),
  /** The sample body that was POSTed (no credentials). */
  payload: z.record(z.string(), z.unknown()),
});
export type TestEventResult = z.infer<typeof TestEventResult>;
