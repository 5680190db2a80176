import { expect, newAccount, signUp, snap, test } from './fixtures';
import { equipOrganization, M1111, ORANGE, VODACOM } from './messaging-helpers';

// Issue 44, item 6: the Overview shows, for a chosen period, each network's sent, delivered, failed, delivery rate
// and spend, as a chart and a table (D13). …1111 is refused at submission: failed, never sent, refunded.
test('the Overview reports each network: a chart, a table, and a period to choose', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const account = newAccount();
  await signUp(page, account);
  await page.goto('/dashboard');
  await expect(page.getByText('No sends in these 30 days.')).toBeVisible();

  await equipOrganization(baseURL!, account.email, { prepaid: '1' });
  await page.goto('/dashboard/compose');
  await page.getByLabel('Phone numbers').fill([VODACOM, M1111, ORANGE].join('\n'));
  await page.getByLabel('Message').fill('Your parcel is on its way');
  await page.getByRole('button', { name: /^Send now/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/messages\/msg_[0-9A-Za-z]+$/);

  const table = page.getByTestId('network-report');
  const row = (network: string) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: network }) });
  const cells = async (network: string) => (await row(network).getByRole('cell').allInnerTexts()).map((c) => c.split('\n')[0].trim());
  await expect(async () => {
    await page.goto('/dashboard');
    // Sent, Delivered, Failed, Delivery rate, Spend
    expect(await cells('Vodacom (CD)')).toEqual(['1', '1', '1', '50.0%', '$0.02']);
    expect(await cells('Orange (CD)')).toEqual(['1', '1', '0', '100.0%', '$0.019']);
  }).toPass({ timeout: 30_000 });
  await expect(row('Vodacom (CD)')).toContainText('of which 1 never reached a carrier (refunded)');
  await expect(page.getByRole('img', { name: /Recipients per network/ })).toBeVisible();

  await page.getByRole('button', { name: '7 days' }).click();
  await expect(page.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('table', { name: /per network, .* to / })).toBeVisible();
  await expect(row('Orange (CD)')).toBeVisible();
  await snap(page, 'overview-networks');
});
