import { eq } from 'drizzle-orm';
import { users } from '@/db/schema';
import type { Deps } from '@/server/api/trpc';
import type { RoleValue } from '@/shared/contracts/organization';
import { callerAs, signedUpCaller } from './dashboard-helpers';

/** An owner (signed up) plus a developer and a viewer added to the same organization, each with a caller. */
export async function teamOf(deps: Deps) {
  const owner = await signedUpCaller(deps);
  const member = async (role: RoleValue) => {
    const email = `${role}-${owner.user.id.slice(4, 12).toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const r = await owner.api.organization.addMember({ email, name: `A ${role}`, role });
    const [u] = await deps.db.select().from(users).where(eq(users.id, r.member.user_id));
    const user = { id: u.id, email: u.email, name: u.name, isOperator: false };
    return { api: callerAs(deps, user), user };
  };
  return { owner, developer: await member('developer'), viewer: await member('viewer'), organizationId: owner.organizationId };
}

/** Asserts a call is refused with the given tRPC code (FORBIDDEN, NOT_FOUND, ...). */
export async function refused(p: Promise<unknown>, code: string, message?: RegExp) {
  const err = await p.then(
    () => null,
    (e: unknown) => e as { code?: string; message?: string },
  );
  if (!err) throw new Error(`expected ${code}, the call succeeded`);
  if (err.code !== code) throw new Error(`expected ${code}, got ${err.code}: ${err.message}`);
  if (message && !message.test(err.message ?? '')) throw new Error(`message "${err.message}" does not match ${message}`);
}

/**
 * A call's refusal as [tRPC code, the fields it names] (the catalogue's field errors, else the zod issues' paths), or
 * null when it succeeded.
 */
export const fieldErrors = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: { code: string; cause?: { options?: { errors?: unknown }; issues?: { path: (string | number)[] }[] } }) => [
      e.code,
      e.cause?.options?.errors ?? e.cause?.issues?.map((i) => i.path.join('.')),
    ],
  );
