import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { organizations } from '@/db/schema';
import { DEFAULT_KEYWORD_REPLIES, type UpdateKeywordRepliesInput } from '@/server/contracts/organization';
import { recordAudit } from '@/server/domain/audit/record-audit';
import { ApiError } from '@/server/errors/api-error';

const COLUMNS = { stop: 'optOutReply', start: 'optInReply', help: 'helpReply' } as const;

/**
 * D19: the texts the gateway replies to STOP, START and HELP with. A text equal to the default is stored as null (the
 * default), so the organization keeps following the default. Audited with what changed (before and after, as
 * written, null for the default), in the transaction that writes them.
 */
export async function updateKeywordReplies(db: Db, input: UpdateKeywordRepliesInput & { organizationId: string; actor: string }) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(organizations).where(eq(organizations.id, input.organizationId)).for('update');
    if (!before) throw new ApiError('NOT_FOUND');
    const after = {
      optOutReply: stored(input.stop, 'stop'),
      optInReply: stored(input.start, 'start'),
      helpReply: stored(input.help, 'help'),
    };
    await tx.update(organizations).set({ ...after, updatedAt: new Date() }).where(eq(organizations.id, input.organizationId));
    const changed = Object.fromEntries(
      (Object.keys(COLUMNS) as Array<keyof typeof COLUMNS>)
        .filter((k) => before[COLUMNS[k]] !== after[COLUMNS[k]])
        .map((k) => [k, { from: before[COLUMNS[k]], to: after[COLUMNS[k]] }]),
    );
    await recordAudit(tx, {
      actor: input.actor,
      action: 'organization.keyword_replies',
      targetType: 'organization',
      targetId: input.organizationId,
      organizationId: input.organizationId,
      details: changed,
    });
    return { ...before, ...after };
  });
}

function stored(text: string, kind: keyof typeof DEFAULT_KEYWORD_REPLIES): string | null {
  return text === DEFAULT_KEYWORD_REPLIES[kind] ? null : text;
}
