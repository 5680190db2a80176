import { expect, newAccount, signUp, snap, test } from './fixtures';
import { equipOrganization, kinshasaDate, ORANGE, VODACOM } from './messaging-helpers';

test('schedule a send, pause, resume, cancel and see the refund', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const account = newAccount();
  await signUp(page, account);
  await equipOrganization(baseURL!, account.email, { prepaid: '1' });

  await page.goto('/dashboard/compose');
  await page.getByLabel('Phone numbers').fill(`${VODACOM}\n${ORANGE}`);
  await page.getByLabel('Message').fill('Reminder: your appointment is tomorrow.');

  // Recurring: the next occurrences are previewed in the merchant timezone.
  await page.getByLabel(/On a recurring schedule/).check();
  await page.getByLabel('First day').fill(kinshasaDate(1));
  await page.getByLabel('Last day (optional)').fill(kinshasaDate(22));
  await page.getByLabel('Times', { exact: true }).fill('08:00, 18:00');
  await expect(page.getByText(/^8 sends, the last on/)).toBeVisible(); // weekly, 4 days x 2 times
  await expect(page.getByText(`${kinshasaDate(1)} 08:00`)).toBeVisible();
  await snap(page, 'compose-recurring');

  // A bad number and a date in the past at once: the summary counts both and names each.
  await page.getByLabel(/At chosen dates/).check();
  await page.getByLabel('Date 1', { exact: true }).fill(kinshasaDate(-1));
  await page.getByLabel('Phone numbers').fill(`${VODACOM}\n${ORANGE}\n0812`);
  await page.getByRole('button', { name: 'Fix 1 invalid number to send' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'stop this send' });
  await expect(summary).toContainText('2 problems stop this send:');
  await expect(summary.getByRole('listitem').filter({ hasText: 'Recipients' })).toContainText('Line 3 (“0812”)');
  await expect(summary.getByRole('listitem').filter({ hasText: 'When' })).toContainText(`${kinshasaDate(-1)} 09:00 Africa/Kinshasa is in the past`);
  await snap(page, 'compose-two-problems');
  await page.getByLabel('Phone numbers').fill(`${VODACOM}\n${ORANGE}`);

  // Scheduled: two dates; 2 recipients x 2 dates, Vodacom 0.02 + Orange 0.019.
  await page.getByLabel('Date 1', { exact: true }).fill(kinshasaDate(2));
  await page.getByLabel('Time 1', { exact: true }).fill('10:00');
  await expect(page.getByRole('button', { name: 'Schedule 1 send · $0.039' })).toBeVisible();
  await page.getByRole('button', { name: 'Add a date' }).click();
  await page.getByLabel('Date 2', { exact: true }).fill(kinshasaDate(3));
  await page.getByLabel('Time 2', { exact: true }).fill('10:30');
  await expect(page.getByText(`${kinshasaDate(2)} 10:00`)).toBeVisible();
  await expect(page.getByTestId('total-cost')).toHaveText('$0.078');
  await snap(page, 'compose-scheduled');
  await page.getByRole('button', { name: 'Schedule 2 sends · $0.078' }).click();

  await expect(page).toHaveURL(/\/dashboard\/messages\/msg_/);
  await expect(page.getByText('Status pending')).toBeVisible();
  await expect(page.getByText('2 chosen dates, in Africa/Kinshasa.')).toBeVisible();
  await expect(page.getByText(`${kinshasaDate(2)} 10:00 (Africa/Kinshasa)`)).toBeVisible();
  await snap(page, 'message-scheduled');

  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByText('Status paused')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pause' })).toHaveCount(0);
  await snap(page, 'message-paused');

  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByText('Status pending')).toBeVisible();
  await expect(page.getByText('Resumed.')).toBeVisible();

  await page.getByRole('button', { name: 'Cancel send…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this send?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('2 scheduled sends that have not started will not go out. $0.078 will be refunded');
  await expect(dialog.getByRole('button', { name: 'Keep the send' })).toBeFocused();
  await snap(page, 'message-cancel-confirm');
  await dialog.getByRole('button', { name: 'Cancel and refund $0.078' }).click();

  await expect(page.getByText('Cancelled. $0.078 was refunded to your wallets.')).toBeVisible();
  await expect(page.getByText('Status cancelled')).toBeVisible();
  await expect(page.getByTestId('count-cancelled')).toHaveText('4');
  await expect(page.getByRole('button', { name: 'Cancel send…' })).toHaveCount(0);
  await snap(page, 'message-cancelled');

  // The wallet is whole again.
  await page.goto('/dashboard');
  const balance = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Balance' }) });
  await expect(balance.getByText('$1.00', { exact: true }).first()).toBeVisible();
  await snap(page, 'overview-after-refund');
});
