import { z } from 'zod';
import { DbText } from './storable';
import { AmountText } from './wallet-dashboard';
import { SMART_ENCODING_MODES } from '@/shared/messages/smart-encoding';

/** Dashboard contracts of the settings page (organization and team). */
export const ROLE_VALUES = ['owner', 'developer', 'viewer'] as const;
export const RoleValue = z.enum(ROLE_VALUES, { error: 'Choose owner, developer or viewer.' });
export type RoleValue = z.infer<typeof RoleValue>;

/** A valid IANA zone (D4): the runtime's time-zone database decides, on the server and in the browser alike. */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * D19: the texts the gateway replies to the opt-out keywords with, by what they answer; `{organization}` stands for
 * the organization's name. These are the defaults, used until an owner writes others.
 */
export const DEFAULT_KEYWORD_REPLIES = {
  stop: 'You will no longer receive messages from {organization}. Reply START to resubscribe.',
  start: 'You will receive messages from {organization} again. Reply STOP to unsubscribe.',
  help: '{organization}: reply STOP to unsubscribe.',
} as const;
export type KeywordReplyKind = keyof typeof DEFAULT_KEYWORD_REPLIES;

/** D23: the French texts, sent to the French keywords (ARRET, ARRETER, DESABONNER, OUI, AIDE). */
export const DEFAULT_KEYWORD_REPLIES_FR = {
  stop: 'Vous ne recevrez plus de messages de {organization}. Répondez OUI pour vous réabonner.',
  start: 'Vous recevrez de nouveau les messages de {organization}. Répondez ARRET pour vous désabonner.',
  help: '{organization} : répondez ARRET pour vous désabonner.',
} as const;

/** The languages keyword replies are written in (D23), and each one's defaults. */
export const KEYWORD_REPLY_LANGUAGES = ['en', 'fr'] as const;
export type KeywordReplyLanguage = (typeof KEYWORD_REPLY_LANGUAGES)[number];
export const DEFAULT_KEYWORD_REPLIES_IN: Record<KeywordReplyLanguage, Record<KeywordReplyKind, string>> = {
  en: DEFAULT_KEYWORD_REPLIES,
  fr: DEFAULT_KEYWORD_REPLIES_FR,
};

/** The longest reply text an owner may write (two GSM-7 segments and a bit; the reply is never charged). */
export const MAX_KEYWORD_REPLY = 320;

const KeywordReplyText = DbText
  .trim()
  .min(1, 'Enter the text of the reply.')
  .refine((t) => Array.from(t).length <= MAX_KEYWORD_REPLY, `Use at most ${MAX_KEYWORD_REPLY} characters.`);

/** The three replies as they are now (an owner's text, or the default), each as written, `{organization}` unreplaced. */
export const KeywordReplies = z.object({ stop: z.string(), start: z.string(), help: z.string() });
export type KeywordReplies = z.infer<typeof KeywordReplies>;

/** One language's three texts (D23); `language` absent: English, as before French replies existed. */
export const UpdateKeywordRepliesInput = z.object({
  language: z.enum(KEYWORD_REPLY_LANGUAGES, { error: 'Choose en or fr.' }).default('en'),
  stop: KeywordReplyText,
  start: KeywordReplyText,
  help: KeywordReplyText,
});
export type UpdateKeywordRepliesInput = z.infer<typeof UpdateKeywordRepliesInput>;

export const OrganizationView = z.object({
  id: z.string(),
  name: z.string(),
  timezone: z.string(),
  default_country: z.string(),
  currency: z.string(),
  environment: z.enum(['test', 'live']),
  your_role: RoleValue,
  keyword_replies: KeywordReplies,
  /** D23: the replies to the French keywords. */
  keyword_replies_fr: KeywordReplies,
  /** D21: the smart encoding of sends that do not name one. */
  smart_encoding: z.enum(SMART_ENCODING_MODES),
  /** Issue 44: the low-balance alert threshold (an amount in `currency`), null when off. */
  low_balance_threshold: z.number().nullable(),
  /** Compose asks to confirm a send above this total (or above half the balance). */
  compose_confirm_amount: z.number(),
});
export type OrganizationView = z.infer<typeof OrganizationView>;

export const UpdateOrganizationInput = z.object({
  name: DbText.trim().min(1, 'Enter the organization name.').max(100, 'Use at most 100 characters.'),
  timezone: DbText.trim().refine(isTimeZone, 'Choose a time zone from the list, such as Africa/Kinshasa.'),
  /** ISO 3166 alpha-2; the server also checks that phone numbers of that country can be parsed. */
  defaultCountry: DbText
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Choose a country.'),
});
export type UpdateOrganizationInput = z.infer<typeof UpdateOrganizationInput>;

/** D21: how the organization's sends that do not name a smart encoding go. */
export const UpdateSmartEncodingInput = z.object({ smartEncoding: z.enum(SMART_ENCODING_MODES, { error: 'Choose off, lookalikes or transliterate.' }) });
export type UpdateSmartEncodingInput = z.infer<typeof UpdateSmartEncodingInput>;

/** Issue 44: the low-balance alert threshold, an amount as its decimal text; null turns the alert off. */
export const UpdateLowBalanceThresholdInput = z.object({
  threshold: AmountText.refine((a) => Number(a) > 0, 'The amount must be more than 0.').nullable(),
});
export type UpdateLowBalanceThresholdInput = z.infer<typeof UpdateLowBalanceThresholdInput>;
/** The total above which Compose asks to confirm a send (it also asks above half the balance). */
export const UpdateComposeConfirmInput = z.object({ amount: AmountText.refine((a) => Number(a) > 0, 'The amount must be more than 0.') });
export type UpdateComposeConfirmInput = z.infer<typeof UpdateComposeConfirmInput>;

export const MemberView = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  role: RoleValue,
  joined_at: z.string(),
  is_you: z.boolean(),
});
export type MemberView = z.infer<typeof MemberView>;

export const ListMembersResult = z.object({ members: z.array(MemberView) });

export const AddMemberInput = z.object({
  email: DbText.trim().email('Enter a valid email address.').max(254),
  /** Used only when no account exists for the email yet. */
  name: DbText.trim().max(100, 'Use at most 100 characters.'),
  role: RoleValue,
});
export type AddMemberInput = z.infer<typeof AddMemberInput>;

export const AddMemberResult = z.object({
  member: MemberView,
  /** Set only when a new account was created: shown once, never stored in clear. */
  one_time_password: z.string().nullable(),
});
export type AddMemberResult = z.infer<typeof AddMemberResult>;

export const UserId = DbText.trim().regex(/^usr_[0-9A-Za-z]{1,40}$/, 'Unknown member.');

export const ChangeRoleInput = z.object({ userId: UserId, role: RoleValue });
export type ChangeRoleInput = z.infer<typeof ChangeRoleInput>;

export const RemoveMemberInput = z.object({ userId: UserId });
export type RemoveMemberInput = z.infer<typeof RemoveMemberInput>;
