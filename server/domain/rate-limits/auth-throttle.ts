import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { WINDOW_SECONDS } from './take-slot';

/**
 * Per-address throttling of failed authentications (a flood of guessed or
 * stolen-then-rotated keys from one client). Only requests whose key does not
 * authenticate count and are refused: a valid key from the same address is
 * never refused, so real merchants behind a shared address are not touched.
 *
 * The count is shared by every web process through Postgres: the same exact
 * sliding window as the per-key limits (rl_take), under the synthetic app id
 * `ip:<address>` and bucket `auth_fail`. More than AUTH_FAIL_LIMIT failures
 * within 60 s: further failures from that address answer 429 (1301, with
 * Retry-After) instead of 401, and more than 30 such refusals within 60 s
 * extend that to 300 s (rl_take's suspension). While an address is refused,
 * each process remembers it until the window frees, so a flood costs no write.
 */
export const AUTH_FAIL_LIMIT = 20;
export const AUTH_FAIL_BUCKET = 'auth_fail';
const REFUSALS_BEFORE_SUSPENSION = 30;
const SUSPENSION_SECONDS = 300;
const MAX_REMEMBERED = 10_000;

/**
 * The client address: the LAST entry of X-Forwarded-For, i.e. the address the
 * nearest proxy saw (proxies append; anything before it is what the client
 * claimed, which it can rotate at will). The web server normalizes the header on
 * every request before any handler runs (server/http/forwarded-for.ts): with
 * TRUST_PROXY=off it is the socket's address, whatever the client sent; with
 * TRUST_PROXY=on it is what the proxy wrote, its last hop appended by the proxy.
 * Null (not throttled) when there is no usable address.
 */
export function clientAddress(headers: { get(name: string): string | null }): string | null {
  const hops = (headers.get('x-forwarded-for') ?? '').split(',').map((h) => h.trim()).filter(Boolean);
  const last = hops[hops.length - 1];
  if (!last || last.length > 64 || !/^[0-9A-Za-z.:[\]%_-]+$/.test(last)) return null;
  return last.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
}

export class AuthThrottle {
  /** address -> epoch ms until which its failures are refused without asking the database. */
  private readonly refusedUntil = new Map<string, number>();

  /**
   * Records one failed authentication from `address`. Returns the seconds to
   * wait when the address is over its limit (answer 429), else null (answer
   * 401). Never throws: without the database the failure is not counted.
   */
  async failed(db: DbOrTx, address: string | null, now: Date = new Date()): Promise<number | null> {
    if (!address) return null;
    const until = this.refusedUntil.get(address);
    if (until !== undefined) {
      if (until > now.getTime()) return Math.max(1, Math.ceil((until - now.getTime()) / 1000));
      this.refusedUntil.delete(address);
    }
    try {
      const [r] = await db.execute<{ allowed: boolean; reset_s: number }>(sql`
        select allowed, reset_s from rl_take(${`ip:${address}`}, ${AUTH_FAIL_BUCKET}, ${AUTH_FAIL_LIMIT}, null::timestamptz,
          ${WINDOW_SECONDS}, ${REFUSALS_BEFORE_SUSPENSION}, ${SUSPENSION_SECONDS})`);
      if (r.allowed) return null;
      this.remember(address, now.getTime() + r.reset_s * 1000);
      return Math.max(1, r.reset_s);
    } catch {
      return null;
    }
  }

  private remember(address: string, until: number): void {
    this.refusedUntil.delete(address);
    this.refusedUntil.set(address, until);
    if (this.refusedUntil.size > MAX_REMEMBERED) this.refusedUntil.delete(this.refusedUntil.keys().next().value as string);
  }
}
