import { afterAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, memberships, users } from '@/db/schema';
import { verifyCredentials } from '@/server/domain/users/accounts';
import { callerAs, signedUpCaller } from '@/tests/dashboard-helpers';
import { closePools, testDeps } from '@/tests/helpers';
import { refused, teamOf } from '@/tests/team-helpers';

const deps = testDeps();
const { db } = deps;
afterAll(closePools);

const auditIn = (organizationId: string) => db.select().from(auditLog).where(eq(auditLog.organizationId, organizationId));

describe('organization settings', () => {
  it('reads and updates name, time zone and default country (owner), audited with before/after', async () => {
    const { api, organizationId } = await signedUpCaller(deps);
    expect(await api.organization.get()).toMatchObject({ id: organizationId, timezone: 'Africa/Kinshasa', default_country: 'CD', environment: 'test', your_role: 'owner' });
    const updated = await api.organization.update({ name: 'Renamed Ltd', timezone: 'europe/paris', defaultCountry: 'fr' });
    expect(updated).toMatchObject({ name: 'Renamed Ltd', timezone: 'Europe/Paris', default_country: 'FR' });
    expect(await api.organization.get()).toMatchObject({ name: 'Renamed Ltd', timezone: 'Europe/Paris', default_country: 'FR' });
    const audit = (await auditIn(organizationId)).find((a) => a.action === 'organization.update');
    expect(audit?.details).toMatchObject({ timezone: { from: 'Africa/Kinshasa', to: 'Europe/Paris' }, defaultCountry: { from: 'CD', to: 'FR' } });
  });

  it('refuses unknown zones and countries', async () => {
    const { api } = await signedUpCaller(deps);
    await refused(api.organization.update({ name: 'X', timezone: 'Mars/Olympus', defaultCountry: 'CD' }), 'BAD_REQUEST');
    await refused(api.organization.update({ name: 'X', timezone: '+01:00', defaultCountry: 'CD' }), 'BAD_REQUEST');
    await refused(api.organization.update({ name: 'X', timezone: 'Africa/Kinshasa', defaultCountry: 'ZZ' }), 'BAD_REQUEST');
    await refused(api.organization.update({ name: ' ', timezone: 'Africa/Kinshasa', defaultCountry: 'CD' }), 'BAD_REQUEST');
  });

  it('developers and viewers cannot change settings or the team', async () => {
    const team = await teamOf(deps);
    for (const who of [team.developer, team.viewer]) {
      expect((await who.api.organization.get()).id).toBe(team.organizationId);
      await refused(who.api.organization.update({ name: 'Hijack', timezone: 'Africa/Kinshasa', defaultCountry: 'CD' }), 'FORBIDDEN', /owner role/);
      await refused(who.api.organization.addMember({ email: 'x@example.com', name: 'X', role: 'owner' }), 'FORBIDDEN');
      await refused(who.api.organization.changeRole({ userId: who.user.id, role: 'owner' }), 'FORBIDDEN');
      await refused(who.api.organization.removeMember({ userId: team.owner.user.id }), 'FORBIDDEN');
    }
    expect((await team.viewer.api.organization.listMembers()).members.map((m) => m.role)).toEqual(['owner', 'developer', 'viewer']);
  });
});

describe('replies to STOP, START and HELP (D19, D23)', () => {
  const FRENCH = {
    stop: 'Vous ne recevrez plus de messages de {organization}. Répondez OUI pour vous réabonner.',
    start: 'Vous recevrez de nouveau les messages de {organization}. Répondez ARRET pour vous désabonner.',
    help: '{organization} : répondez ARRET pour vous désabonner.',
  };
  const DEFAULTS = {
    stop: 'You will no longer receive messages from {organization}. Reply START to resubscribe.',
    start: 'You will receive messages from {organization} again. Reply STOP to unsubscribe.',
    help: '{organization}: reply STOP to unsubscribe.',
  };

  it('the defaults until the owner writes others; trimmed; the default text again is stored as the default; audited', async () => {
    const { api, organizationId } = await signedUpCaller(deps);
    expect((await api.organization.get()).keyword_replies).toEqual(DEFAULTS);
    const texts = { stop: '  Bye from {organization}!  ', start: DEFAULTS.start, help: `${'é'.repeat(319)}!` };
    expect((await api.organization.updateKeywordReplies(texts)).keyword_replies).toEqual({ stop: 'Bye from {organization}!', start: DEFAULTS.start, help: `${'é'.repeat(319)}!` });
    const [stored] = await db.execute<{ opt_out_reply: string | null; opt_in_reply: string | null }>(
      sql`select opt_out_reply, opt_in_reply from organizations where id = ${organizationId}`,
    );
    expect(stored).toEqual({ opt_out_reply: 'Bye from {organization}!', opt_in_reply: null });
    await api.organization.updateKeywordReplies({ ...texts, stop: DEFAULTS.stop });
    expect((await api.organization.get()).keyword_replies).toEqual({ ...DEFAULTS, help: `${'é'.repeat(319)}!` });
    const audits = (await auditIn(organizationId)).filter((a) => a.action === 'organization.keyword_replies').map((a) => a.details);
    expect(audits).toEqual([
      { language: 'en', stop: { from: null, to: 'Bye from {organization}!' }, help: { from: null, to: `${'é'.repeat(319)}!` } },
      { language: 'en', stop: { from: 'Bye from {organization}!', to: null } },
    ]);
  });

  it('D23: the French texts have their own defaults and are written apart from the English ones, audited with their language', async () => {
    const { api, organizationId } = await signedUpCaller(deps);
    expect((await api.organization.get()).keyword_replies_fr).toEqual(FRENCH);
    const updated = await api.organization.updateKeywordReplies({ language: 'fr', ...FRENCH, help: 'Aide : appelez {organization} au 0800.' });
    expect(updated.keyword_replies_fr).toEqual({ ...FRENCH, help: 'Aide : appelez {organization} au 0800.' });
    expect(updated.keyword_replies).toEqual(DEFAULTS);
    const [stored] = await db.execute(sql`select help_reply, help_reply_fr, opt_out_reply_fr from organizations where id = ${organizationId}`);
    expect(stored).toEqual({ help_reply: null, help_reply_fr: 'Aide : appelez {organization} au 0800.', opt_out_reply_fr: null });
    const audits = (await auditIn(organizationId)).filter((a) => a.action === 'organization.keyword_replies').map((a) => a.details);
    expect(audits).toEqual([{ language: 'fr', help: { from: null, to: 'Aide : appelez {organization} au 0800.' } }]);
  });

  it('refuses an empty text and one over 320 characters; only owners change them', async () => {
    const team = await teamOf(deps);
    await refused(team.owner.api.organization.updateKeywordReplies({ ...DEFAULTS, stop: '   ' }), 'BAD_REQUEST');
    await refused(team.owner.api.organization.updateKeywordReplies({ ...DEFAULTS, help: 'x'.repeat(321) }), 'BAD_REQUEST');
    await refused(team.owner.api.organization.updateKeywordReplies({ ...DEFAULTS, language: 'de' as 'fr' }), 'BAD_REQUEST');
    await refused(team.owner.api.organization.updateSmartEncoding({ smartEncoding: 'always' as 'off' }), 'BAD_REQUEST');
    for (const who of [team.developer, team.viewer]) {
      expect((await who.api.organization.get()).keyword_replies).toEqual(DEFAULTS);
      await refused(who.api.organization.updateKeywordReplies({ ...DEFAULTS, stop: 'Hijack' }), 'FORBIDDEN', /owner role/);
      await refused(who.api.organization.updateKeywordReplies({ language: 'fr', ...DEFAULTS, stop: 'Hijack' }), 'FORBIDDEN', /owner role/);
      await refused(who.api.organization.updateSmartEncoding({ smartEncoding: 'transliterate' }), 'FORBIDDEN', /owner role/);
      await refused(who.api.organization.updateComposeConfirm({ amount: '1' }), 'FORBIDDEN', /owner role/);
    }
    expect((await team.owner.api.organization.get()).keyword_replies).toEqual(DEFAULTS);
  });
});

describe('smart encoding setting (D21)', () => {
  it('off until an owner changes it; audited as organization.update', async () => {
    const { api, organizationId } = await signedUpCaller(deps);
    expect((await api.organization.get()).smart_encoding).toBe('off');
    expect((await api.organization.updateSmartEncoding({ smartEncoding: 'transliterate' })).smart_encoding).toBe('transliterate');
    expect((await api.organization.get()).smart_encoding).toBe('transliterate');
    const audit = (await auditIn(organizationId)).filter((a) => a.action === 'organization.update').map((a) => a.details);
    expect(audit).toEqual([{ smartEncoding: { from: 'off', to: 'transliterate' } }]);
  });
});

describe('team members', () => {
  it('a new email gets an account with a one-time password that signs in, shown only in that answer', async () => {
    const { api, organizationId } = await signedUpCaller(deps);
    const r = await api.organization.addMember({ email: ' New.Person@Example.com ', name: 'New Person', role: 'developer' });
    expect(r.member).toMatchObject({ email: 'new.person@example.com', name: 'New Person', role: 'developer', is_you: false });
    expect(r.one_time_password).toMatch(/^[0-9A-Za-z]{16}$/);
    expect(await verifyCredentials(db, 'new.person@example.com', r.one_time_password!)).toMatchObject({ id: r.member.user_id });
    const [u] = await db.select().from(users).where(eq(users.id, r.member.user_id));
    expect(u.passwordHash).not.toContain(r.one_time_password!);
    expect(JSON.stringify([await api.organization.listMembers(), await auditIn(organizationId)])).not.toContain(r.one_time_password!);
    await refused(api.organization.addMember({ email: 'new.person@example.com', name: '', role: 'viewer' }), 'BAD_REQUEST');
  });

  it('an existing account only gets a membership (no password, name optional)', async () => {
    const a = await signedUpCaller(deps);
    const other = await signedUpCaller(deps);
    const r = await a.api.organization.addMember({ email: other.user.email.toUpperCase(), name: '', role: 'viewer' });
    expect(r).toMatchObject({ member: { user_id: other.user.id, role: 'viewer' }, one_time_password: null });
    // a new account needs a name
    await refused(a.api.organization.addMember({ email: 'nobody-yet@example.com', name: '', role: 'viewer' }), 'BAD_REQUEST');
  });

  it('owners change roles and remove members; the last owner stays', async () => {
    const team = await teamOf(deps);
    const { owner } = team;
    await refused(owner.api.organization.changeRole({ userId: owner.user.id, role: 'developer' }), 'CONFLICT', /last owner/);
    await refused(owner.api.organization.removeMember({ userId: owner.user.id }), 'CONFLICT', /last owner/);
    expect(await owner.api.organization.changeRole({ userId: team.developer.user.id, role: 'owner' })).toMatchObject({ role: 'owner' });
    // now there are two owners: the first may step down, and the second can no longer be demoted
    expect(await owner.api.organization.changeRole({ userId: owner.user.id, role: 'viewer' })).toMatchObject({ role: 'viewer', is_you: true });
    await refused(team.developer.api.organization.changeRole({ userId: team.developer.user.id, role: 'viewer' }), 'CONFLICT');
    await team.developer.api.organization.removeMember({ userId: team.viewer.user.id });
    const members = (await team.developer.api.organization.listMembers()).members;
    expect(members.map((m) => [m.user_id, m.role])).toEqual([
      [owner.user.id, 'viewer'],
      [team.developer.user.id, 'owner'],
    ]);
    // the removed account still exists, it just has no membership here
    expect(await db.select().from(users).where(eq(users.id, team.viewer.user.id))).toHaveLength(1);
    await refused(team.viewer.api.organization.get(), 'FORBIDDEN');
    const actions = (await auditIn(team.organizationId)).map((a) => a.action);
    expect(actions.filter((a) => a.startsWith('member.'))).toEqual(['member.add', 'member.add', 'member.change_role', 'member.change_role', 'member.remove']);
  });

  it('two owners demoting each other at once cannot leave the organization without an owner', async () => {
    const team = await teamOf(deps);
    await team.owner.api.organization.changeRole({ userId: team.developer.user.id, role: 'owner' });
    const results = await Promise.allSettled([
      team.owner.api.organization.changeRole({ userId: team.developer.user.id, role: 'viewer' }),
      team.developer.api.organization.changeRole({ userId: team.owner.user.id, role: 'viewer' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const owners = await db.select().from(memberships).where(and(eq(memberships.organizationId, team.organizationId), eq(memberships.role, 'owner')));
    expect(owners).toHaveLength(1);
  });

  it("another organization's members cannot be changed or removed", async () => {
    const a = await teamOf(deps);
    const b = await signedUpCaller(deps);
    await refused(b.api.organization.changeRole({ userId: a.viewer.user.id, role: 'owner' }), 'NOT_FOUND');
    await refused(b.api.organization.removeMember({ userId: a.owner.user.id }), 'NOT_FOUND');
    expect((await b.api.organization.listMembers()).members.map((m) => m.user_id)).toEqual([b.user.id]);
    expect((await a.owner.api.organization.listMembers()).members).toHaveLength(3);
  });

  it('signed-out callers are refused', async () => {
    await refused(callerAs(deps, null).organization.get(), 'UNAUTHORIZED');
  });
});

describe('compose confirmation amount (issue 44 item 7)', () => {
  it('50 until an owner changes it; a positive amount only; owners only; audited as organization.update', async () => {
    const { api, organizationId } = await signedUpCaller(deps);
    expect((await api.organization.get()).compose_confirm_amount).toBe(50);
    expect((await api.messages.composeOptions()).confirm_amount).toBe(50);
    await refused(api.organization.updateComposeConfirm({ amount: '0' }), 'BAD_REQUEST');
    await refused(api.organization.updateComposeConfirm({ amount: 'ten' }), 'BAD_REQUEST');
    expect((await api.organization.updateComposeConfirm({ amount: '12.5' })).compose_confirm_amount).toBe(12.5);
    expect((await api.messages.composeOptions()).confirm_amount).toBe(12.5);
    const audit = (await auditIn(organizationId)).filter((a) => a.action === 'organization.update').map((a) => a.details);
    expect(audit).toEqual([{ composeConfirmAmount: { from: '50.0000', to: '12.5000' } }]);
  });
});
