import type { Deps } from '@/server/api/trpc';
import { ListMessagesInput } from '@/shared/contracts/messages-dashboard';
import { messagesCsvLines, recipientsCsvLines } from '@/server/domain/messages/export-messages';
import { getOrganization } from '@/server/domain/organizations/get-organization';
import type { SessionUser } from '@/server/domain/users/accounts';
import { ApiError } from '@/shared/errors/api-error';
import { csvAttachment, routeMember, textAnswer as text } from './route-member';

type HeaderReader = { get(name: string): string | null };
const today = () => new Date().toISOString().slice(0, 10);

/**
 * `lines` with its first chunk already read, so that what the first page refuses (a filter, a send that is not the
 * organization's) answers as plain text with its status instead of a broken download.
 */
async function started(lines: AsyncGenerator<string>): Promise<AsyncGenerator<string>> {
  const first = await lines.next();
  return (async function* () {
    if (!first.done) yield first.value;
    yield* lines;
  })();
}

function refusal(e: unknown): Response {
  if (!(e instanceof ApiError)) throw e;
  const problems = e.options.errors?.map((x) => `${x.field}: ${x.message}`) ?? [];
  return text(e.http, problems.length > 0 ? problems.join('\n') : e.message);
}

/**
 * GET …/messages/messages.csv: the organization's sends matching the Messages page's filters (same query string:
 * status, sending_type, from, to, phone), streamed a page at a time (D17's keyset), at most MAX_EXPORT_ROWS. Any role.
 */
export async function messagesCsvResponse(deps: Deps, user: SessionUser | null, url: URL, headers: HeaderReader): Promise<Response> {
  const member = await routeMember(deps, user, headers);
  if (member instanceof Response) return member;
  const q = url.searchParams;
  const pick = (k: string) => q.get(k)?.trim() || undefined;
  const parsed = ListMessagesInput.safeParse({ status: pick('status'), sending_type: pick('sending_type'), from: pick('from'), to: pick('to'), phone: pick('phone') });
  if (!parsed.success) return text(400, parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
  const org = await getOrganization(deps.db, member.organizationId);
  if (!org) return text(404, 'Not found');
  const f = parsed.data;
  try {
    const lines = await started(messagesCsvLines(deps.db, org, { status: f.status, sendingType: f.sending_type, from: f.from, to: f.to, phone: f.phone }));
    return csvAttachment(lines, `messages-${org.id}-${today()}.csv`);
  } catch (e) {
    return refusal(e);
  }
}

/** GET …/messages/{id}/recipients.csv: one send's deliveries, the organization's own sends only (404 otherwise). Any role. */
export async function recipientsCsvResponse(deps: Deps, user: SessionUser | null, messageId: string, headers: HeaderReader): Promise<Response> {
  const member = await routeMember(deps, user, headers);
  if (member instanceof Response) return member;
  try {
    const lines = await started(recipientsCsvLines(deps.db, member.organizationId, messageId));
    return csvAttachment(lines, `recipients-${messageId}-${today()}.csv`);
  } catch (e) {
    return refusal(e);
  }
}
