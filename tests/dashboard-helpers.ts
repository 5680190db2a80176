import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users } from '@/db/schema';
import { createCaller } from '@/server/api/root';
import { createContext, type Deps } from '@/server/api/trpc';
import { signUp, type SessionUser } from '@/server/domain/users/accounts';

/** Signs a fresh user up (with their organization) and returns a tRPC caller acting as them. */
export async function signedUpCaller(deps: Deps, opts: { operator?: boolean } = {}) {
  const tag = randomBytes(4).toString('hex');
  const email = `user-${tag}@example.com`;
  const { userId, organizationId } = await signUp(deps.db, { email, name: `User ${tag}`, password: `password-${tag}`, organizationName: `Org ${tag}` });
  if (opts.operator) await deps.db.update(users).set({ isOperator: true }).where(eq(users.id, userId));
  const user: SessionUser = { id: userId, email, name: `User ${tag}`, isOperator: Boolean(opts.operator) };
  return { api: callerAs(deps, user), user, organizationId };
}

export function callerAs(deps: Deps, user: SessionUser | null) {
  return createCaller(createContext(deps, new Headers(), { headers: {} }, user));
}

/** The signed-in user as currentUser() resolves them now (one-time password flag included). */
export async function sessionUserOf(deps: Deps, userId: string): Promise<SessionUser> {
  const [u] = await deps.db.select().from(users).where(eq(users.id, userId));
  return { id: u.id, email: u.email, name: u.name, isOperator: u.isOperator, mustChangePassword: u.mustChangePassword };
}

/** A caller whose request comes from `address` (X-Forwarded-For, as the web server sets it). */
export function callerFrom(deps: Deps, address: string, user: SessionUser | null = null) {
  return createCaller(createContext(deps, new Headers({ 'x-forwarded-for': address }), { headers: {} }, user));
}
