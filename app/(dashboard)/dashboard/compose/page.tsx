import { serverCaller } from '@/server/api/server-caller';
import { addDays, localDate } from '@/server/domain/overview/local-days';
import { PageHeader } from '@/components/ui/card';
import { ComposeForm } from '@/components/compose/compose-form';

export const metadata = { title: 'Compose · SMS Gateway' };

export default async function ComposePage() {
  const { api } = await serverCaller();
  const options = await api.messages.composeOptions();
  const today = localDate(new Date(), options.timezone);
  return (
    <>
      <PageHeader
        title="Compose"
        description={`Send to up to 1000 numbers now, at chosen dates or on a schedule. The cost is previewed with your prices and charged when you submit, exactly as POST /send does. Times are in ${options.timezone}.`}
      />
      <ComposeForm options={options} today={today} tomorrow={addDays(today, 1)} />
    </>
  );
}
