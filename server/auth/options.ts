import { hkdfSync } from 'node:crypto';
import type { NextAuthOptions, Session } from 'next-auth';
import { getServerSession } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { eq } from 'drizzle-orm';
import { db } from '@/db/client';
import { users } from '@/db/schema';
import { env } from '@/server/env';
import { sameOriginPath } from '@/server/lib/same-origin-path';
import { verifyCredentials, type SessionUser } from '@/server/domain/users/accounts';

/** next-auth's signing secret, derived from APP_SECRET (no second secret to manage). */
function authSecret(): string {
  return Buffer.from(hkdfSync('sha256', env().APP_SECRET, 'sms-gateway', 'next-auth', 32)).toString('base64url');
}

let options: NextAuthOptions | undefined;

/** Credentials sign-in, JWT sessions (stateless web processes), 12 h lifetime. */
export function authOptions(): NextAuthOptions {
  options ??= {
    secret: authSecret(),
    session: { strategy: 'jwt', maxAge: 12 * 60 * 60 },
    pages: { signIn: '/sign-in' },
    providers: [
      CredentialsProvider({
        name: 'Email and password',
        credentials: { email: { label: 'Email', type: 'email' }, password: { label: 'Password', type: 'password' } },
        async authorize(credentials) {
          if (!credentials?.email || !credentials.password) return null;
          const user = await verifyCredentials(db(), credentials.email, credentials.password);
          return user ? { id: user.id, email: user.email, name: user.name } : null;
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
        if (user) token.uid = user.id;
        return token;
      },
      async session({ session, token }) {
        return { ...session, uid: token.uid as string } as Session;
      },
    },
  };
  return options;
}

/**
 * The signed-in user, re-read from the database on every request so that a
 * removed operator flag or deleted user takes effect at once.
 */
export async function currentUser(): Promise<SessionUser | null> {
  const session = (await getServerSession(authOptions())) as (Session & { uid?: string }) | null;
  if (!session?.uid) return null;
  const [u] = await db()
    .select({ id: users.id, email: users.email, name: users.name, isOperator: users.isOperator })
    .from(users)
    .where(eq(users.id, session.uid));
  return u ?? null;
}
