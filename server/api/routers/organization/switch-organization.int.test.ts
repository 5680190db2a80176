import { afterAll, describe, expect, it } from 'vitest';
import { createCaller } from '@/server/api/root';
import { createContext } from '@/server/api/trpc';
import { membershipsOf, ORG_COOKIE, preferredOrganization, type SessionUser } from '@/server/domain/users/accounts';
import { signedUpCaller } from '@/tests/dashboard-helpers';
import { closePools, testDeps } from '@/tests/helpers';

const deps = testDeps();
afterAll(closePools);

/** A caller as `user` whose request carries `cookie`. */
const withCookie = (user: SessionUser, cookie: string) => createCaller(createContext(deps, new Headers({ cookie }), { headers: {} }, user));

describe('several organizations: the one the dashboard shows', () => {
  it('is the first membership, or the one the cookie names when the user belongs to it, never another', async () => {
    const a = await signedUpCaller(deps);
    const b = await signedUpCaller(deps);
    const c = await signedUpCaller(deps);
    await b.api.organization.addMember({ email: a.user.email, name: '', role: 'developer' });

    expect((await membershipsOf(deps.db, a.user.id)).map((m) => [m.organizationId, m.role])).toEqual([
      [a.organizationId, 'owner'],
      [b.organizationId, 'developer'],
    ]);
    expect(await a.api.organization.get()).toMatchObject({ id: a.organizationId, your_role: 'owner' });
    expect(await withCookie(a.user, `theme=dark; ${ORG_COOKIE}=${b.organizationId}`).organization.get()).toMatchObject({ id: b.organizationId, your_role: 'developer' });
    // Not theirs, or not an id at all: their first organization, nothing of the other one.
    expect(await withCookie(a.user, `${ORG_COOKIE}=${c.organizationId}`).organization.get()).toMatchObject({ id: a.organizationId });
    expect(await withCookie(a.user, `${ORG_COOKIE}=%27%20or%201=1`).organization.get()).toMatchObject({ id: a.organizationId });
    // The role follows the organization: a developer of B cannot do what an owner does there.
    const inB = withCookie(a.user, `${ORG_COOKIE}=${b.organizationId}`);
    await expect(inB.organization.addMember({ email: 'someone@example.com', name: 'S', role: 'viewer' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('reads the cookie exactly', () => {
    const h = (cookie: string) => new Headers({ cookie });
    expect(preferredOrganization(h(`${ORG_COOKIE}=org_abc123`))).toBe('org_abc123');
    expect(preferredOrganization(h(`a=1; ${ORG_COOKIE}=org_X9; b=2`))).toBe('org_X9');
    expect(preferredOrganization(h(`x${ORG_COOKIE}=org_abc`))).toBeNull();
    expect(preferredOrganization(h(`${ORG_COOKIE}=usr_abc`))).toBeNull();
    expect(preferredOrganization(new Headers())).toBeNull();
  });
});
