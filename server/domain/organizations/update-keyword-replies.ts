import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { organizations } from '@/db/schema';
import { DEFAULT_KEYWORD_REPLIES_IN, type KeywordReplyKind, type UpdateKeywordRepliesInput } from '@/shared/contracts/organization';
import { recordAudit } from '@/server/domain/audit/record-audit';
import { KEYWORD_REPLY_COLUMNS } from '@/server/domain/opt-outs/keyword-replies';
import { ApiError } from '@/shared/errors/api-error';

const KINDS: KeywordReplyKind[] = ['stop', 'start', 'help'];

/**
 * D19, D23: the texts the gateway replies to STOP, START and HELP with, in one language (English, or French for
 * ARRET, OUI, AIDE...). A text equal to that language's default is stored as null (the default), so the organization
 * keeps following the default. Audited with the language and what changed (before and after, as written, null for
 * the default), in the transaction that writes them.
 */
export async function updateKeywordReplies(db: Db, input: UpdateKeywordRepliesInput & { organizationId: string; actor: string }) {
  const { language } = input;
  const columns = KEYWORD_REPLY_COLUMNS[language];
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(organizations).where(eq(organizations.id, input.organizationId)).for('update');
    if (!before) throw new ApiError('NOT_FOUND');
    const after = Object.fromEntries(KINDS.map((k) => [columns[k], input[k] === DEFAULT_KEYWORD_REPLIES_IN[language][k] ? null : input[k]]));
    await tx.update(organizations).set({ ...after, updatedAt: new Date() }).where(eq(organizations.id, input.organizationId));
    const changed = Object.fromEntries(
      KINDS.filter((k) => before[columns[k]] !== after[columns[k]]).map((k) => [k, { from: before[columns[k]], to: after[columns[k]] }]),
    );
    await recordAudit(tx, {
      actor: input.actor,
      action: 'organization.keyword_replies',
      targetType: 'organization',
      targetId: input.organizationId,
      organizationId: input.organizationId,
      details: { language, ...changed },
    });
    return { ...before, ...after };
  });
}
