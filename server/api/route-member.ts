import type { Deps } from '@/server/api/trpc';
import { dashboardMembership, preferredOrganization, type ActiveMembership, type SessionUser } from '@/server/domain/users/accounts';

/** A plain-text answer of the dashboard's own route handlers (CSV export and import). */
export const textAnswer = (status: number, body: string) =>
  new Response(body + '\n', { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

/**
 * The signed-in user's membership for a dashboard route handler (what
 * merchantProcedure checks for tRPC), or the answer refusing them.
 */
export async function routeMember(deps: Deps, user: SessionUser | null, headers: { get(name: string): string | null }): Promise<ActiveMembership | Response> {
  if (!user) return textAnswer(401, 'Please sign in.');
  if (user.mustChangePassword) return textAnswer(403, 'Replace your one-time password before anything else.');
  const member = await dashboardMembership(deps.db, user.id, preferredOrganization(headers));
  return member ?? textAnswer(403, 'You are not a member of any organization.');
}

/** A CSV download streamed from `lines`, a chunk at a time (the generator is closed if the client goes away). */
export function csvAttachment(lines: AsyncGenerator<string>, filename: string): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await lines.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (e) {
        controller.error(e);
      }
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  return new Response(body, {
    status: 200,
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${filename}"`, 'cache-control': 'no-store' },
  });
}
