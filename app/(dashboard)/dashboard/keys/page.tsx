import { getTranslations } from 'next-intl/server';
import { AppSettings } from '@/components/keys/app-settings';
import { AppsTable } from '@/components/keys/apps-table';
import { CreateAppForm } from '@/components/keys/create-app-form';
import { Alert, Card, EmptyState, PageHeader } from '@/components/ui/card';
import { serverCaller } from '@/server/api/server-caller';

export async function generateMetadata() {
  return { title: (await getTranslations('keys'))('metaTitle') };
}
export const dynamic = 'force-dynamic';

export default async function KeysPage() {
  const { api } = await serverCaller();
  const [{ apps, environment }, org, numbers] = await Promise.all([api.keys.list(), api.organization.get(), api.numbers.list()]);
  const t = await getTranslations('keys');
  const canWrite = org.your_role !== 'viewer';
  const isOwner = org.your_role === 'owner';
  return (
    <>
      <PageHeader
        title={t('title')}
        description={
          environment === 'test' ? t('descriptionTest') : t('descriptionLive')
        }
      />
      <div className="space-y-6">
        {canWrite ? (
          <Card title={t('createTitle')}>
            <CreateAppForm environment={environment} />
          </Card>
        ) : (
          <Alert tone="info">{t('viewerNotice')}</Alert>
        )}
        <Card title={t('yourApps')}>
          {apps.length === 0 ? (
            <EmptyState>
              {t('noApps')} {canWrite ? t('noAppsWriter') : t('noAppsViewer')}
            </EmptyState>
          ) : (
            <AppsTable apps={apps} timeZone={org.timezone} />
          )}
        </Card>
        {apps.map((a) => (
          <AppSettings key={a.id} app={a} environment={environment} canWrite={canWrite} isOwner={isOwner} timeZone={org.timezone} numbers={numbers.items.filter((n) => n.app_id === a.id)} />
        ))}
      </div>
    </>
  );
}
