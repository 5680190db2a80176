import { and, asc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/db/client';
import { memberships, organizations, users, type Role, wallets } from '@/db/schema';
import { ApiError } from '@/shared/errors/api-error';
import { validationError } from '@/shared/errors/validation';
import { newId } from '@/server/lib/ids';
import { recordAudit } from '@/server/domain/audit/record-audit';
import { passwordProblem } from '@/shared/contracts/auth';
import type { Locale } from '@/shared/i18n/locales';
import { releaseOwnSlot, takeOwnWindow } from '@/server/domain/rate-limits/take-slot';
import { bumpSessionVersion } from './sessions';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from '@/server/lib/passwords';

/**
 * `mustChangePassword`: signed in with a one-time password, which must be replaced before anything else.
 * `locale`: the dashboard language the user chose (D23); absent or null until they choose.
 */
export type SessionUser = { id: string; email: string; name: string; isOperator: boolean; mustChangePassword?: boolean; locale?: Locale | null };

/** A checked password's user, with the session version a new session carries. */
export type CredentialsUser = SessionUser & { sessionVersion: number };

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The policy's verdict as the field error every form shows (server side: the email rule needs the account). */
export function assertPasswordAllowed(password: string, email: string, field: string): void {
  const problem = passwordProblem(password, email);
  if (problem) throw validationError([{ field, code: 'INVALID_FIELD_FORMAT', message: problem }]);
}




/**
 * Sign-up: the user, their organization (sandbox defaults) and the owner
 * membership, in one transaction. With `throttle`, the client address first
 * takes a slot of its sign-up window (before any hashing): a full window
 * answers RATE_LIMIT_EXCEEDED.
 */
export async function signUp(
  db: Db,
  input: { email: string; name: string; password: string; organizationName: string; timezone?: string; defaultCountry?: string },
  throttle?: { address: string | null; perMinute: number },
): Promise<{ userId: string; organizationId: string }> {
  const email = normalizeEmail(input.email);
  assertPasswordAllowed(input.password, email, 'password');
  if (throttle?.address) {
    await takeOwnWindow(db, `signup-ip:${throttle.address}`, 'sign_up', throttle.perMinute, (s) => `Too many sign-ups from your network. Try again in ${s} s.`);
  }
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [exists] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (exists) throw validationError([{ field: 'email', code: 'INVALID_FIELD_FORMAT', message: 'An account with this email already exists.' }]);
    const userId = newId('usr');
    const organizationId = newId('org');
    await tx.insert(users).values({ id: userId, email, name: input.name.trim(), passwordHash });
    await tx.insert(organizations).values({
      id: organizationId,
      name: input.organizationName.trim(),
      timezone: input.timezone ?? 'Africa/Kinshasa',
      defaultCountry: input.defaultCountry ?? 'CD',
    });
    await tx.insert(memberships).values({ userId, organizationId, role: 'owner' });
    // D13: an empty prepaid wallet from the start, so a new key's first GET /balance answers 200 with zeros
    await tx.insert(wallets).values({ id: newId('wal'), organizationId, type: 'SVC_SMS', currency: 'USD', balance: '0' });
    return { userId, organizationId };
  });
}

/**
 * Credentials check; the same work is done for unknown emails (no timing
 * oracle). An expired password (a one-time password older than 24 h) is
 * refused like a wrong one. Throttling is signInWithPassword's (sign-in.ts).
 * A right password whose hash has older scrypt parameters is hashed again
 * with the current ones (unless the hash changed meanwhile).
 */
export async function verifyCredentials(db: DbOrTx, email: string, password: string, now: Date = new Date()): Promise<CredentialsUser | null> {
  const [u] = await db.select().from(users).where(eq(users.email, normalizeEmail(email)));
  if (!u) {
    await verifyPassword(password, await dummyHash());
    return null;
  }
  if (!(await verifyPassword(password, u.passwordHash))) return null;
  if (u.passwordExpiresAt && u.passwordExpiresAt.getTime() <= now.getTime()) return null;
  if (needsRehash(u.passwordHash)) {
    const passwordHash = await hashPassword(password);
    await db.update(users).set({ passwordHash }).where(and(eq(users.id, u.id), eq(users.passwordHash, u.passwordHash)));
  }
  return { id: u.id, email: u.email, name: u.name, isOperator: u.isOperator, mustChangePassword: u.mustChangePassword, sessionVersion: u.sessionVersion };
}

/** Attempts at the current password a user may make per 60 s before being told to wait (a stolen session is no password oracle). */
export const PASSWORD_CHANGE_ATTEMPTS_PER_MINUTE = 5;

/**
 * Changes the signed-in user's password. The new one must pass the policy
 * (not the email). Each attempt first takes a slot of the user's window (at
 * most PASSWORD_CHANGE_ATTEMPTS_PER_MINUTE wrong ones a minute): when it is
 * full the answer is "wait", before the current password is even checked, so
 * a locked-out guesser learns nothing. A right current password gives its
 * slot back. Then the new scrypt hash replaces the old one, a one-time
 * password stops being one, and the session version moves on: every session
 * of the user ends (the caller signs in again with the new password to keep
 * going). Audited.
 */
export async function changePassword(db: Db, input: { userId: string; currentPassword: string; newPassword: string; now: Date }): Promise<void> {
  const [u] = await db.select({ id: users.id, email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, input.userId));
  if (!u) throw new ApiError('UNAUTHENTICATED');
  assertPasswordAllowed(input.newPassword, u.email, 'newPassword');
  const window = `pw:${u.id}`;
  await takeOwnWindow(db, window, 'password_change', PASSWORD_CHANGE_ATTEMPTS_PER_MINUTE, (s) => `Too many wrong passwords. Try again in ${s} s.`);
  if (!(await verifyPassword(input.currentPassword, u.passwordHash))) {
    throw validationError([{ field: 'currentPassword', code: 'INVALID_FIELD_FORMAT', message: 'This is not your current password.' }]);
  }
  await releaseOwnSlot(db, window, 'password_change');
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, mustChangePassword: false, passwordExpiresAt: null, updatedAt: input.now }).where(eq(users.id, u.id));
    await bumpSessionVersion(tx, u.id);
    await recordAudit(tx, { actor: `user:${u.id}`, action: 'user.password_changed', targetType: 'user', targetId: u.id, details: {} });
  });
}

/** The user's dashboard language (D23), kept on the user: every later page, on any browser, follows it. */
export async function updateUserLocale(db: DbOrTx, input: { userId: string; locale: Locale; now: Date }): Promise<void> {
  await db.update(users).set({ locale: input.locale, updatedAt: input.now }).where(eq(users.id, input.userId));
}

export type ActiveMembership = { organizationId: string; organizationName: string; role: Role };

/** The organization the dashboard shows: the user's first membership (or the one asked for, if theirs). */
export async function activeMembership(db: DbOrTx, userId: string, organizationId?: string | null): Promise<ActiveMembership | null> {
  const rows = await db
    .select({ organizationId: memberships.organizationId, organizationName: organizations.name, role: memberships.role })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(organizationId ? and(eq(memberships.userId, userId), eq(memberships.organizationId, organizationId)) : eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt))
    .limit(1);
  return rows[0] ?? null;
}

/** The cookie holding the organization a member of several chose to see (a preference, not a credential). */
export const ORG_COOKIE = 'sms_org';

/** The organization id the request's cookie asks for, if any. */
export function preferredOrganization(headers: { get(name: string): string | null }): string | null {
  for (const part of (headers.get('cookie') ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === ORG_COOKIE) {
      const value = decodeURIComponent(rest.join('='));
      return /^org_[0-9A-Za-z]{1,64}$/.test(value) ? value : null;
    }
  }
  return null;
}

/**
 * The organization the dashboard shows a user: the one their cookie asks for
 * when they are a member of it, else their first membership. Never another
 * organization: a cookie naming one they do not belong to is ignored.
 */
export async function dashboardMembership(db: DbOrTx, userId: string, preferred: string | null): Promise<ActiveMembership | null> {
  return (preferred ? await activeMembership(db, userId, preferred) : null) ?? activeMembership(db, userId);
}

/** Every organization the user belongs to, oldest membership first (the switcher's list). */
export async function membershipsOf(db: DbOrTx, userId: string): Promise<ActiveMembership[]> {
  return db
    .select({ organizationId: memberships.organizationId, organizationName: organizations.name, role: memberships.role })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(memberships.organizationId));
}

const RANK: Record<Role, number> = { viewer: 0, developer: 1, owner: 2 };
/** Whether a member with `role` may do what needs `needed` (owner > developer > viewer). */
export function hasRole(role: Role, needed: Role): boolean {
  return RANK[role] >= RANK[needed];
}

export function assertRole(role: Role, needed: Role): void {
  if (!hasRole(role, needed)) throw new ApiError('FORBIDDEN_ROLE', { message: `This action needs the ${needed} role.` });
}
