import type { organizations } from '@/db/schema';
import { DEFAULT_KEYWORD_REPLIES_IN, type KeywordReplies, type KeywordReplyKind, type KeywordReplyLanguage } from '@/shared/contracts/organization';

type Org = typeof organizations.$inferSelect;
export type OrgTexts = Pick<Org, 'name' | 'optOutReply' | 'optInReply' | 'helpReply'> & Partial<Pick<Org, 'optOutReplyFr' | 'optInReplyFr' | 'helpReplyFr'>>;

/** The organization's columns of each language's texts (D19, D23). */
export const KEYWORD_REPLY_COLUMNS = {
  en: { stop: 'optOutReply', start: 'optInReply', help: 'helpReply' },
  fr: { stop: 'optOutReplyFr', start: 'optInReplyFr', help: 'helpReplyFr' },
} as const satisfies Record<KeywordReplyLanguage, Record<KeywordReplyKind, keyof Org>>;

/** The organization's three reply texts in a language as written (an owner's, else the default), `{organization}` unreplaced. */
export function keywordReplies(org: OrgTexts, language: KeywordReplyLanguage = 'en'): KeywordReplies {
  const columns = KEYWORD_REPLY_COLUMNS[language];
  const text = (kind: KeywordReplyKind) => org[columns[kind]] ?? DEFAULT_KEYWORD_REPLIES_IN[language][kind];
  return { stop: text('stop'), start: text('start'), help: text('help') };
}

/** The reply the gateway sends to a keyword, in the keyword's language: every `{organization}` replaced by the name. */
export function keywordReplyText(kind: KeywordReplyKind, org: OrgTexts, language: KeywordReplyLanguage = 'en'): string {
  // (a function, so that `$&` and the like in a name are not replacement patterns)
  return keywordReplies(org, language)[kind].replaceAll('{organization}', () => org.name);
}
