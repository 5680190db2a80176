import type { z } from 'zod';
import { DecideSenderIdInput, ReviewQueueInput } from '@/shared/contracts/sender-ids';
import { CliError } from './args';

/** A zod contract's refusal as one CliError line naming the flags (`flags`: contract field -> CLI option). */
function parseContract<T extends z.ZodType>(schema: T, input: unknown, flags: Record<string, string>): z.infer<T> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  throw new CliError(r.error.issues.map((i) => `--${flags[String(i.path[0])] ?? String(i.path[0])}: ${i.message}`).join('; '));
}

const FLAGS = { id: 'id', reason: 'reason', state: 'state', organizationId: 'organization-id' };

/** approve-, reject- and revoke-sender-id's options, read with the console's contract (DecideSenderIdInput). */
export function decisionOf(decision: DecideSenderIdInput['decision'], v: { id?: string; reason?: string }): DecideSenderIdInput {
  if (v.id === undefined) throw new CliError('missing --id');
  if (decision === 'approve') return parseContract(DecideSenderIdInput, { id: v.id, decision }, FLAGS);
  if (v.reason === undefined) throw new CliError('missing --reason');
  return parseContract(DecideSenderIdInput, { id: v.id, decision, reason: v.reason }, FLAGS);
}

/** list-sender-ids' options, read with the console's contract (ReviewQueueInput). */
export function queueFilterOf(v: { state?: string; 'organization-id'?: string }): ReviewQueueInput {
  return parseContract(ReviewQueueInput, { state: v.state, organizationId: v['organization-id'] }, FLAGS);
}
