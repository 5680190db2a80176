import type { Db } from '@/db/client';
import { releaseOwnSlot, tryOwnWindow } from '@/server/domain/rate-limits/take-slot';
import { normalizeEmail, verifyCredentials, type CredentialsUser } from './accounts';
import { isStorableText } from '@/shared/contracts/storable';

/** Failed sign-ins allowed per 60 s for one email (known or not) and for one client address. */
export const SIGN_IN_FAILURES_PER_EMAIL = 10;
export const SIGN_IN_FAILURES_PER_ADDRESS = 20;
const BUCKET = 'sign_in_fail';
/** Longer than any password the policy ever allowed (200 before the 128 limit): refused without hashing. */
const MAX_PASSWORD = 200;

/** The sign-in page's `?error=` when throttled (next-auth passes the thrown message on). */
export const SIGN_IN_THROTTLED = 'TooManyAttempts';

export class SignInThrottled extends Error {
  constructor(readonly retryAfter: number) {
    super(SIGN_IN_THROTTLED);
  }
}

/**
 * The sign-in check behind next-auth's credentials provider. Each attempt
 * first reserves a slot in two exact 60 s windows (rl_take, shared by every
 * web process): one per email, known or not (so the answer never tells
 * whether an account exists), one per client address. A full window throws
 * SignInThrottled before any password is hashed, whatever the password. A
 * right password gives both slots back, so only failures count:
 * SIGN_IN_FAILURES_PER_EMAIL and SIGN_IN_FAILURES_PER_ADDRESS a minute.
 * Null: wrong email, wrong or expired password (one answer for all).
 */
export async function signInWithPassword(
  db: Db,
  input: { email: string; password: string; address: string | null; now?: Date },
): Promise<CredentialsUser | null> {
  // No account has an email (nor a password) the database cannot hold: refused before it reaches a query.
  if (!isStorableText(input.email) || !isStorableText(input.password)) return null;
  const email = normalizeEmail(input.email).slice(0, 254);
  const windows: Array<[key: string, limit: number]> = [[`signin-email:${email}`, SIGN_IN_FAILURES_PER_EMAIL]];
  if (input.address) windows.push([`signin-ip:${input.address}`, SIGN_IN_FAILURES_PER_ADDRESS]);
  const taken: string[] = [];
  for (const [key, limit] of windows) {
    const wait = await tryOwnWindow(db, key, BUCKET, limit);
    if (wait !== null) {
      for (const k of taken) await releaseOwnSlot(db, k, BUCKET); // not an attempt: nothing was checked
      throw new SignInThrottled(wait);
    }
    taken.push(key);
  }
  if (!email || input.password.length === 0 || input.password.length > MAX_PASSWORD) return null;
  const user = await verifyCredentials(db, email, input.password, input.now);
  if (user) for (const k of taken) await releaseOwnSlot(db, k, BUCKET);
  return user;
}
