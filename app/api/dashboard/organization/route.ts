import { db } from '@/db/client';
import { currentUser } from '@/server/auth/options';
import { activeMembership, ORG_COOKIE } from '@/server/domain/users/accounts';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/**
 * POST (the sidebar's "Switch" form): remembers which of the signed-in
 * user's organizations the dashboard shows, in a cookie, then back to the
 * overview. An organization they do not belong to changes nothing. The
 * session cookie is SameSite=Lax, so another site cannot post this for them.
 */
export async function POST(req: Request) {
  const back = new URL('/dashboard', req.url);
  const user = await currentUser();
  if (!user) return Response.redirect(new URL('/sign-in', req.url), 303);
  if (user.mustChangePassword) return Response.redirect(new URL('/change-password', req.url), 303);
  const form = await req.formData().catch(() => null);
  const organizationId = String(form?.get('organizationId') ?? '');
  const member = /^org_[0-9A-Za-z]{1,64}$/.test(organizationId) ? await activeMembership(db(), user.id, organizationId) : null;
  const headers = new Headers({ Location: back.pathname });
  if (member) {
    const secure = back.protocol === 'https:' ? '; Secure' : '';
    headers.append('Set-Cookie', `${ORG_COOKIE}=${member.organizationId}; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000${secure}`);
  }
  return new Response(null, { status: 303, headers });
}
