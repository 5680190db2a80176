import { settle } from './account-helpers';
import { expect, newAccount, signUp, snap, test } from './fixtures';
import { equipOrganization, ORANGE, VODACOM } from './messaging-helpers';

test('import opt-outs from a CSV, compose to one of them: the preview skips it and the send records it OPTED_OUT', async ({ page, baseURL }) => {
  const account = newAccount();
  await signUp(page, account);
  await equipOrganization(baseURL!, account.email, { prepaid: '1' });

  await page.getByRole('link', { name: 'Opt-outs' }).click();
  await settle(page);
  const csv = ['phone', '0840005555', '+243990001234'].join('\n');
  await page.getByLabel('CSV file').setInputFiles({ name: 'stop-list.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'rows read' })).toContainText('2 rows read: 2 added, 0 already on the list, 0 refused.');
  const list = page.getByRole('table', { name: 'Opt-out list' });
  await expect(list).toContainText(ORANGE);
  await expect(list).toContainText('+243990001234');

  await page.goto('/dashboard/compose');
  await expect(page.getByLabel('Send as')).toBeVisible();
  await page.getByLabel('Phone numbers').fill([VODACOM, '084 000 5555'].join('\n'));
  await page.getByLabel('Message').fill('Weekend offer');
  await expect(page.getByText('2 valid numbers')).toBeVisible();
  // Vodacom 0.02 goes; Orange (0.019) is on the list: skipped, not in the total
  await expect(page.getByTestId('skipped-recipients')).toHaveText('1');
  await expect(page.getByText('One number is on your opt-out list: not sent to and not charged.')).toBeVisible();
  await expect(page.getByTestId('total-cost')).toHaveText('$0.02');
  await snap(page, 'compose-opted-out-skipped');

  await page.getByRole('button', { name: 'Send now · $0.02' }).click();
  await expect(page).toHaveURL(/\/dashboard\/messages\/msg_[0-9A-Za-z]+$/);
  await expect(page.getByText('OPTED_OUT', { exact: true })).toBeVisible();
  await snap(page, 'message-opted-out');
});
