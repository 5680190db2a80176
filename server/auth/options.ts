import 'server-only';
import { hkdfSync } from 'node:crypto';
import type { NextAuthOptions, Session } from 'next-auth';
import { getServerSession } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { eq } from 'drizzle-orm';
import { db } from '@/db/client';
import { users } from '@/db/schema';
import { env } from '@/server/env';
import { isDatabaseUnavailable } from '@/server/lib/db-errors';
import type { SessionUser } from '@/server/domain/users/accounts';
import { clientAddress } from '@/server/domain/rate-limits/auth-throttle';
import { endSessionsOnSignOut } from '@/server/domain/users/sessions';
import { signInWithPassword } from '@/server/domain/users/sign-in';
import { sameOriginPath } from '@/shared/same-origin-path';

/** next-auth's signing secret, derived from APP_SECRET (no second secret to manage). */
function authSecret(): string {
  return Buffer.from(hkdfSync('sha256', env().APP_SECRET, 'sms-gateway', 'next-auth', 32)).toString('base64url');
}

let options: NextAuthOptions | undefined;

const SESSION_ENDED = 'SessionEnded';

/** Whether a token's session version is still the user's (see server/domain/users/sessions.ts). */
async function sessionIsCurrent(uid: unknown, sv: unknown): Promise<boolean> {
  if (typeof uid !== 'string' || typeof sv !== 'number') return false;
  const [u] = await db().select({ sessionVersion: users.sessionVersion }).from(users).where(eq(users.id, uid));
  return u?.sessionVersion === sv;
}

/**
 * A database that does not answer (a restart, a failover) ends no session: the token is kept, and currentUser,
 * which re-reads the user on every request, answers the 503 meanwhile. Any other failure ends it, as before.
 */
function keptDuringOutage(err: unknown): boolean {
  if (isDatabaseUnavailable(err)) return true;
  throw err;
}

/** next-auth hands authorize() the request headers as a plain object (App Router) or a Headers. */
function headerReader(headers: unknown): { get(name: string): string | null } {
  if (headers && typeof (headers as Headers).get === 'function') return headers as Headers;
  const h = (headers ?? {}) as Record<string, string | string[] | undefined>;
  return { get: (name) => [h[name.toLowerCase()]].flat()[0] ?? null };
}

type SessionClaims = Session & { uid?: string; sv?: number };

/**
 * Credentials sign-in (throttled per email and per client address, see
 * signInWithPassword: a throttled attempt answers `?error=TooManyAttempts`,
 * any other failure `?error=CredentialsSignin`), JWT sessions (stateless web
 * processes), 12 h lifetime. The token carries the user's session version;
 * signing out moves it on, which ends the user's other sessions too.
 */
export function authOptions(): NextAuthOptions {
  options ??= {
    secret: authSecret(),
    session: { strategy: 'jwt', maxAge: 12 * 60 * 60 },
    pages: { signIn: '/sign-in', error: '/sign-in' },
    providers: [
      CredentialsProvider({
        name: 'Email and password',
        credentials: { email: { label: 'Email', type: 'email' }, password: { label: 'Password', type: 'password' } },
        async authorize(credentials, req) {
          if (!credentials?.email || !credentials.password) return null;
          const address = clientAddress(headerReader(req?.headers));
          const user = await signInWithPassword(db(), { email: credentials.email, password: credentials.password, address });
          return user ? { id: user.id, email: user.email, name: user.name, sv: user.sessionVersion } : null;
        },
      }),
    ],
    callbacks: {
      // Every callbackUrl next-auth would follow (sign-in, sign-out, its callback cookie) stays on this site.
      async redirect({ url, baseUrl }) {
        const path = sameOriginPath(url, baseUrl);
        return path ? `${new URL(baseUrl).origin}${path}` : baseUrl;
      },
      async jwt({ token, user }) {
        if (user) {
          token.uid = user.id;
          token.sv = (user as { sv?: number }).sv;
        } else if (!(await sessionIsCurrent(token.uid, token.sv).catch(keptDuringOutage))) {
          // next-auth answers "no session" and clears the cookie (GET /api/auth/session, getServerSession).
          throw new Error(SESSION_ENDED);
        }
        return token;
      },
      async session({ session, token }) {
        return { ...session, uid: token.uid as string, sv: token.sv as number } as Session;
      },
    },
    logger: {
      error(code, metadata) {
        const message = metadata instanceof Error ? metadata.message : (metadata as { message?: string } | undefined)?.message;
        if (message === SESSION_ENDED) return; // a revoked session: an ordinary sign-out, not an error
        console.error(`[next-auth][error][${code}]`, metadata);
      },
    },
    events: {
      async signOut({ token }) {
        if (typeof token?.uid === 'string' && typeof token.sv === 'number') await endSessionsOnSignOut(db(), token.uid, token.sv);
      },
    },
  };
  return options;
}

/**
 * The signed-in user, re-read from the database on every request so that a
 * removed operator flag or deleted user takes effect at once. A session
 * issued under an older session version (password changed, signed out
 * elsewhere, revoked by an operator, removed from a team) is no session.
 * `mustChangePassword` users may only change their password (the tRPC tiers
 * and the layouts enforce it).
 */
export async function currentUser(): Promise<SessionUser | null> {
  const session = (await getServerSession(authOptions())) as SessionClaims | null;
  if (!session?.uid || typeof session.sv !== 'number') return null;
  const [u] = await db()
    .select({ id: users.id, email: users.email, name: users.name, isOperator: users.isOperator, mustChangePassword: users.mustChangePassword, sessionVersion: users.sessionVersion })
    .from(users)
    .where(eq(users.id, session.uid));
  if (!u || u.sessionVersion !== session.sv) return null;
  return { id: u.id, email: u.email, name: u.name, isOperator: u.isOperator, mustChangePassword: u.mustChangePassword };
}
