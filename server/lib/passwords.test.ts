import { describe, expect, it } from 'vitest';
import { N15_P1_HASH, OLD_PASSWORD } from '@/tests/password-fixtures';
import { hashPassword, needsRehash, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with scrypt N=2^15, r=8, p=3 and a random salt, and verifies', async () => {
    const a = await hashPassword('correct horse battery staple');
    const b = await hashPassword('correct horse battery staple');
    expect(a).toMatch(/^scrypt\$32768\$8\$3\$[\w-]{22}\$[\w-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse battery staple', a)).toBe(true);
    expect(await verifyPassword('correct horse battery stapl', a)).toBe(false);
    expect(await verifyPassword('x', 'md5$abc')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$x$8$1$MDEy$MDEy')).toBe(false);
    expect(needsRehash(a)).toBe(false);
  }, 30_000);

  it('verifies a hash made with the previous parameters, and says it needs hashing again', async () => {
    expect(await verifyPassword(OLD_PASSWORD, N15_P1_HASH)).toBe(true);
    expect(await verifyPassword('correct horse battery stapl', N15_P1_HASH)).toBe(false);
    expect(needsRehash(N15_P1_HASH)).toBe(true);
    expect(needsRehash('md5$abc')).toBe(true);
  }, 30_000);
});
