import type { Deps } from '@/server/api/trpc';
import { ImportReport, MAX_IMPORT_BYTES, Reason } from '@/shared/contracts/opt-outs';
import { getOrganization } from '@/server/domain/organizations/get-organization';
import { optOutCsvLines } from '@/server/domain/opt-outs/export-opt-outs';
import { importOptOuts } from '@/server/domain/opt-outs/import-opt-outs';
import { hasRole, type SessionUser } from '@/server/domain/users/accounts';
import { ApiError } from '@/shared/errors/api-error';
import { csvAttachment, routeMember, textAnswer } from './route-member';
import { fieldProblemText } from '@/shared/validation/field-problems';

type HeaderReader = { get(name: string): string | null };

/** GET …/opt-outs/opt-outs.csv: the organization's whole list (any role may export, as the page shows it). */
export async function optOutsCsvResponse(deps: Deps, user: SessionUser | null, headers: HeaderReader): Promise<Response> {
  const member = await routeMember(deps, user, headers);
  if (member instanceof Response) return member;
  return csvAttachment(optOutCsvLines(deps.db, member.organizationId), `opt-outs-${member.organizationId}-${new Date().toISOString().slice(0, 10)}.csv`);
}

/**
 * POST …/opt-outs/import (body: the CSV file, `Content-Type: text/csv`; `?reason=`): D19's import of up to
 * 100,000 phones in one request, so the file's row numbers stay the report's. A developer or owner only.
 * The body is at most MAX_IMPORT_BYTES (the web process's gate, server/http/body-limits.ts, enforces it before
 * this runs; checked here again for other callers). Requiring text/csv keeps plain HTML forms of other sites out
 * (they cannot send it), besides the SameSite=Lax session cookie. Answers ImportReport as JSON.
 */
export async function optOutsImportResponse(deps: Deps, user: SessionUser | null, req: Request): Promise<Response> {
  const member = await routeMember(deps, user, req.headers);
  if (member instanceof Response) return member;
  if (!hasRole(member.role, 'developer')) return textAnswer(403, fieldProblemText('importRole'));
  if ((req.headers.get('content-type') ?? '').split(';', 1)[0].trim().toLowerCase() !== 'text/csv') return textAnswer(415, fieldProblemText('importCsvOnly'));
  const reason = Reason.safeParse(new URL(req.url).searchParams.get('reason') ?? '');
  if (!reason.success) return textAnswer(400, fieldProblemText('importReason'));
  const bytes = await req.arrayBuffer();
  if (bytes.byteLength > MAX_IMPORT_BYTES) return textAnswer(413, fieldProblemText('importTooLarge', { max: MAX_IMPORT_BYTES / 1024 / 1024 }));
  const org = await getOrganization(deps.db, member.organizationId);
  if (!org) return textAnswer(404, 'Not found');
  try {
    const report = await importOptOuts(deps.db, {
      organizationId: org.id,
      defaultCountry: org.defaultCountry,
      text: new TextDecoder().decode(bytes),
      reason: reason.data || null,
      actor: user ? `user:${user.id}` : 'unknown',
    });
    return Response.json(ImportReport.parse(report), { headers: { 'cache-control': 'no-store' } });
  } catch (e) {
    if (e instanceof ApiError && e.errorName === 'LIMIT_EXCEEDED') return textAnswer(400, e.message);
    throw e;
  }
}
