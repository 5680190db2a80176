import { getCountries } from 'libphonenumber-js';
import { AddMemberForm } from '@/components/settings/add-member-form';
import { KeywordRepliesForm } from '@/components/settings/keyword-replies-form';
import { SmartEncodingForm } from '@/components/settings/smart-encoding-form';
import { OrganizationForm } from '@/components/settings/organization-form';
import { PasswordForm } from '@/components/settings/password-form';
import { TeamTable } from '@/components/settings/team-table';
import { Alert, Card, PageHeader } from '@/components/ui/card';
import { serverCaller } from '@/server/api/server-caller';

export const metadata = { title: 'Settings · SMS Gateway' };
export const dynamic = 'force-dynamic';

function countryList() {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  return getCountries()
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export default async function SettingsPage() {
  const { api, user } = await serverCaller();
  const [org, { members }] = await Promise.all([api.organization.get(), api.organization.listMembers()]);
  const isOwner = org.your_role === 'owner';
  const zones = Intl.supportedValuesOf('timeZone');
  const timeZones = zones.includes(org.timezone) ? zones : [org.timezone, ...zones];
  return (
    <>
      <PageHeader title="Settings" description="Your organization, the people who can use this dashboard, and your password." />
      <div className="space-y-6">
        {!isOwner && <Alert tone="info">Only owners change these settings and the team. Your role: {org.your_role}.</Alert>}
        <Card title="Organization">
          <dl className="mb-4 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
            <dt className="text-slate-600">Organization ID</dt>
            <dd className="font-mono" data-testid="organization-id">
              {org.id}
            </dd>
            <dt className="text-slate-600">Environment</dt>
            <dd>{org.environment === 'test' ? 'Sandbox: test messages, nothing is sent to phones' : 'Live: messages go to real phones'}</dd>
            <dt className="text-slate-600">Currency</dt>
            <dd>{org.currency}</dd>
          </dl>
          <OrganizationForm org={org} timeZones={timeZones} countries={countryList()} canEdit={isOwner} />
        </Card>
        <Card title="Smart encoding">
          <SmartEncodingForm mode={org.smart_encoding} canEdit={isOwner} />
        </Card>
        <Card title="Replies to STOP, START and HELP">
          <KeywordRepliesForm replies={org.keyword_replies} canEdit={isOwner} />
        </Card>
        <Card title="Replies to ARRET, OUI and AIDE (French)">
          <KeywordRepliesForm replies={org.keyword_replies_fr} canEdit={isOwner} language="fr" />
        </Card>
        <Card title="Team">
          <div className="space-y-6">
            <TeamTable members={members} canManage={isOwner} timeZone={org.timezone} />
            {isOwner && (
              <section aria-labelledby="add-member" className="space-y-3 border-t border-slate-200 pt-4">
                <h3 id="add-member" className="font-semibold">
                  Add a member
                </h3>
                <AddMemberForm />
              </section>
            )}
          </div>
        </Card>
        <Card title="Your account">
          <PasswordForm email={user.email} />
        </Card>
      </div>
    </>
  );
}
