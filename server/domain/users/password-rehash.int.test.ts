import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { users } from '@/db/schema';
import { signUp, verifyCredentials } from '@/server/domain/users/accounts';
import { closePools, testDeps } from '@/tests/helpers';
import { N15_P1_HASH, OLD_PASSWORD as PASSWORD } from '@/tests/password-fixtures';

const { db } = testDeps();
afterAll(closePools);
const hashOf = async (userId: string) => (await db.select({ h: users.passwordHash }).from(users).where(eq(users.id, userId)))[0].h;

describe('a password hashed with older scrypt parameters', () => {
  it('still signs in, and the next successful sign-in stores a hash with the current ones', async () => {
    const email = `rehash-${randomBytes(4).toString('hex')}@example.com`;
    const { userId } = await signUp(db, { email, name: 'R', password: 'a different password', organizationName: 'R Org' });
    await db.update(users).set({ passwordHash: N15_P1_HASH }).where(eq(users.id, userId));

    // A wrong password changes nothing.
    expect(await verifyCredentials(db, email, 'not the password')).toBeNull();
    expect(await hashOf(userId)).toBe(N15_P1_HASH);

    expect(await verifyCredentials(db, email, PASSWORD)).toMatchObject({ id: userId, email });
    const rehashed = await hashOf(userId);
    expect(rehashed).toMatch(/^scrypt\$32768\$8\$3\$[\w-]{22}\$[\w-]{43}$/);

    // The new hash signs in, and is kept as it is.
    expect(await verifyCredentials(db, email, PASSWORD)).toMatchObject({ id: userId });
    expect(await hashOf(userId)).toBe(rehashed);
    expect(await verifyCredentials(db, email, 'not the password')).toBeNull();
  }, 60_000);
});
