import { getCountries } from 'libphonenumber-js';
import { getLocale, getTranslations } from 'next-intl/server';
import { AddMemberForm } from '@/components/settings/add-member-form';
import { LanguageForm } from '@/components/settings/language-form';
import { KeywordRepliesForm } from '@/components/settings/keyword-replies-form';
import { SmartEncodingForm } from '@/components/settings/smart-encoding-form';
import { AmountSettingForm } from '@/components/settings/amount-setting-form';
import { OrganizationForm } from '@/components/settings/organization-form';
import { PasswordForm } from '@/components/settings/password-form';
import { TeamTable } from '@/components/settings/team-table';
import { Alert, Card, PageHeader } from '@/components/ui/card';
import { serverCaller } from '@/server/api/server-caller';
import { intlLocale, type Locale } from '@/shared/i18n/locales';

export async function generateMetadata() {
  return { title: (await getTranslations('settings'))('metaTitle') };
}
export const dynamic = 'force-dynamic';

/** Every country libphonenumber knows, named and sorted in the page's language. */
function countryList(locale: Locale) {
  const intl = intlLocale(locale);
  const names = new Intl.DisplayNames([intl], { type: 'region' });
  return getCountries()
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, intl));
}

export default async function SettingsPage() {
  const { api, user } = await serverCaller();
  const [org, { members }] = await Promise.all([api.organization.get(), api.organization.listMembers()]);
  const t = await getTranslations();
  const locale = await getLocale();
  const isOwner = org.your_role === 'owner';
  const zones = Intl.supportedValuesOf('timeZone');
  const timeZones = zones.includes(org.timezone) ? zones : [org.timezone, ...zones];
  return (
    <>
      <PageHeader title={t('settings.title')} description={t('settings.description')} />
      <div className="space-y-6">
        {!isOwner && <Alert tone="info">{t('settings.ownersOnly', { role: t(`roles.${org.your_role}`) })}</Alert>}
        <Card title={t('settings.organization.title')}>
          <dl className="mb-4 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
            <dt className="text-slate-600">{t('settings.organization.id')}</dt>
            <dd className="font-mono" data-testid="organization-id">
              {org.id}
            </dd>
            <dt className="text-slate-600">{t('settings.organization.environment')}</dt>
            <dd>{org.environment === 'test' ? t('settings.organization.sandbox') : t('settings.organization.live')}</dd>
            <dt className="text-slate-600">{t('settings.organization.currency')}</dt>
            <dd>{org.currency}</dd>
          </dl>
          <OrganizationForm org={org} timeZones={timeZones} countries={countryList(locale)} canEdit={isOwner} />
        </Card>
        <Card title={t('settings.smartEncodingTitle')}>
          <SmartEncodingForm mode={org.smart_encoding} canEdit={isOwner} />
        </Card>
        <Card title={t('settings.lowBalanceTitle')}>
          <AmountSettingForm setting="lowBalance" amount={org.low_balance_threshold} currency={org.currency} canEdit={isOwner} />
        </Card>
        <Card title={t('settings.composeConfirmTitle')}>
          <AmountSettingForm setting="composeConfirm" amount={org.compose_confirm_amount} currency={org.currency} canEdit={isOwner} />
        </Card>
        <Card title={t('settings.keywordRepliesTitle.en')}>
          <KeywordRepliesForm replies={org.keyword_replies} canEdit={isOwner} />
        </Card>
        <Card title={t('settings.keywordRepliesTitle.fr')}>
          <KeywordRepliesForm replies={org.keyword_replies_fr} canEdit={isOwner} language="fr" />
        </Card>
        <Card title={t('settings.team.title')}>
          <div className="space-y-6">
            <TeamTable members={members} canManage={isOwner} timeZone={org.timezone} />
            {isOwner && (
              <section aria-labelledby="add-member" className="space-y-3 border-t border-slate-200 pt-4">
                <h3 id="add-member" className="font-semibold">
                  {t('settings.team.addMember')}
                </h3>
                <AddMemberForm />
              </section>
            )}
          </div>
        </Card>
        <Card title={t('settings.yourAccount')}>
          <div className="space-y-6">
            <LanguageForm />
            <PasswordForm email={user.email} />
          </div>
        </Card>
      </div>
    </>
  );
}
