import { AppSettings } from '@/components/keys/app-settings';
import { AppsTable } from '@/components/keys/apps-table';
import { CreateAppForm } from '@/components/keys/create-app-form';
import { Alert, Card, EmptyState, PageHeader } from '@/components/ui/card';
import { serverCaller } from '@/server/api/server-caller';

export const metadata = { title: 'API keys · SMS Gateway' };
export const dynamic = 'force-dynamic';

export default async function KeysPage() {
  const { api } = await serverCaller();
  const [{ apps, environment }, org, numbers] = await Promise.all([api.keys.list(), api.organization.get(), api.numbers.list()]);
  const canWrite = org.your_role !== 'viewer';
  const isOwner = org.your_role === 'owner';
  return (
    <>
      <PageHeader
        title="API keys"
        description={
          environment === 'test'
            ? 'Sandbox deployment: keys start with sk_test_ and work at once. Send them in the app-key header.'
            : 'Live deployment: keys start with sk_live_ and work once an operator has validated them.'
        }
      />
      <div className="space-y-6">
        {canWrite ? (
          <Card title="Create an app">
            <CreateAppForm environment={environment} />
          </Card>
        ) : (
          <Alert tone="info">You have the viewer role: you can see the keys and webhooks, but not change them.</Alert>
        )}
        <Card title="Your apps">
          {apps.length === 0 ? (
            <EmptyState>No apps yet. {canWrite ? 'Create one above to get an API key.' : 'A developer or owner can create one.'}</EmptyState>
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
