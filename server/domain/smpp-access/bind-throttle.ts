import type { Db } from '@/db/client';
import { releaseOwnSlot, tryOwnWindow } from '@/server/domain/rate-limits/take-slot';

/** Failed binds a minute per system_id (known or not) and per client address, as sign-ins are throttled. */
export const BIND_FAILURES_PER_SYSTEM_ID = 10;
export const BIND_FAILURES_PER_ADDRESS = 30;
const BUCKET = 'smpp_bind';

/**
 * Reserves a bind attempt in both windows before any password is checked; null when either is full (the bind is
 * refused whatever the password). Give the slots back with `forgiveBind` when the bind succeeds: only failures count.
 */
export async function reserveBind(db: Db, systemId: string, address: string | null): Promise<string[] | null> {
  const windows: Array<[string, number]> = [[`smpp-bind:${systemId.slice(0, 16)}`, BIND_FAILURES_PER_SYSTEM_ID]];
  if (address) windows.push([`smpp-bind-ip:${address}`, BIND_FAILURES_PER_ADDRESS]);
  const taken: string[] = [];
  for (const [key, limit] of windows) {
    if ((await tryOwnWindow(db, key, BUCKET, limit)) !== null) {
      await forgiveBind(db, taken);
      return null;
    }
    taken.push(key);
  }
  return taken;
}

export async function forgiveBind(db: Db, keys: string[]): Promise<void> {
  for (const k of keys) await releaseOwnSlot(db, k, BUCKET);
}
