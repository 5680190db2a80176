import type { organizations } from '@/db/schema';
import { DEFAULT_KEYWORD_REPLIES, type KeywordReplies, type KeywordReplyKind } from '@/server/contracts/organization';

type OrgTexts = Pick<typeof organizations.$inferSelect, 'name' | 'optOutReply' | 'optInReply' | 'helpReply'>;

/** The organization's three D19 reply texts as written (an owner's, else the default), `{organization}` unreplaced. */
export function keywordReplies(org: OrgTexts): KeywordReplies {
  return {
    stop: org.optOutReply ?? DEFAULT_KEYWORD_REPLIES.stop,
    start: org.optInReply ?? DEFAULT_KEYWORD_REPLIES.start,
    help: org.helpReply ?? DEFAULT_KEYWORD_REPLIES.help,
  };
}

/** The reply the gateway sends to a keyword: its text with every `{organization}` replaced by the organization's name. */
export function keywordReplyText(kind: KeywordReplyKind, org: OrgTexts): string {
  // (a function, so that `$&` and the like in a name are not replacement patterns)
  return keywordReplies(org)[kind].replaceAll('{organization}', () => org.name);
}
