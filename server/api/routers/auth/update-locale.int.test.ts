import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { users } from '@/db/schema';
import { signedUpCaller } from '@/tests/dashboard-helpers';
import { closePools, testDeps } from '@/tests/helpers';

const deps = testDeps();
afterAll(closePools);

const localeOf = async (id: string) => (await deps.db.select({ locale: users.locale }).from(users).where(eq(users.id, id)))[0]?.locale;

describe('auth.updateLocale (D23)', () => {
  it('keeps the chosen language on the user, null until they choose', async () => {
    const { api, user } = await signedUpCaller(deps);
    expect(await localeOf(user.id)).toBeNull();
    expect(await api.auth.updateLocale({ locale: 'fr' })).toEqual({ locale: 'fr' });
    expect(await localeOf(user.id)).toBe('fr');
    expect(await api.auth.updateLocale({ locale: 'en' })).toEqual({ locale: 'en' });
    expect(await localeOf(user.id)).toBe('en');
  });

  it('refuses a language the dashboard does not speak, and the database refuses it too', async () => {
    const { api, user } = await signedUpCaller(deps);
    const refused = await api.auth.updateLocale({ locale: 'de' as 'fr' }).catch((e) => e);
    expect(refused.code).toBe('BAD_REQUEST');
    expect(refused.cause.issues.map((i: { path: string[] }) => i.path.join('.'))).toEqual(['locale']);
    expect(await localeOf(user.id)).toBeNull();
    await expect(deps.db.update(users).set({ locale: 'de' }).where(eq(users.id, user.id))).rejects.toMatchObject({ cause: { constraint_name: 'users_locale_ck' } });
  });
});
