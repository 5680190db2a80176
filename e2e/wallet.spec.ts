import { readFileSync } from 'node:fs';
import { addTestCredit, settle } from './account-helpers';
import { expect, newAccount, signUp, snap, test } from './fixtures';

test('top up the sandbox wallet, see the ledger with running balances, filter it and export it as CSV', async ({ page }) => {
  await signUp(page, newAccount());
  await page.getByRole('link', { name: 'Wallet' }).click();
  await settle(page);
  await expect(page.getByRole('heading', { name: 'Wallet', level: 1 })).toBeVisible();
  const balances = page.getByRole('definition').filter({ hasText: '$' });
  await expect(page.getByText('No ledger entries match.')).toBeVisible();
  await expect(page.getByText('Pays first')).toBeVisible(); // D13: the empty prepaid wallet opened at sign-up
  // In the merchant's words, without the wallets' internal codes.
  await expect(page.getByText('Prepaid wallet', { exact: true })).toBeVisible();
  await expect(page.getByText('Postpaid wallet', { exact: true })).toBeVisible();
  await expect(page.getByText('No postpaid agreement')).toBeVisible();
  await expect(page.getByText(/SVC_/)).toHaveCount(0);
  await snap(page, 'wallet-empty');

  // validation in place, with the shared schema
  await page.getByLabel(/^Amount/).fill('12.34567');
  await page.getByRole('button', { name: 'Add test credit' }).click();
  await expect(page.getByText('Enter an amount such as 25 or 12.50 (at most 4 decimals).')).toBeVisible();

  await addTestCredit(page, '25');
  await addTestCredit(page, '10.5');
  await addTestCredit(page, '5', 'postpaid');
  await expect(balances.filter({ hasText: '$35.50' }).first()).toBeVisible();
  // available SMS: $40.50 at the platform list's average (what a send charges, as the Calculator counts), not the
  // 0.01 default price
  await expect(page.getByText('2,189', { exact: true })).toBeVisible();
  await expect(page.getByTestId('price-basis')).toContainText('$40.50 buys 2,189 SMS at $0.0185 a segment');

  const rows = page.getByRole('table', { name: /Wallet ledger/ }).getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText('Postpaid');
  await expect(rows.nth(1)).toContainText('+$5.00');
  await expect(rows.nth(2)).toContainText('+$10.50');
  await expect(rows.nth(2)).toContainText('$35.50');
  await expect(rows.nth(3)).toContainText('+$25.00');
  await expect(rows.nth(3)).toContainText('sandbox test credit');
  await snap(page, 'wallet');

  await page.getByLabel('Filter by wallet').selectOption('prepaid');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/wallet=prepaid/);
  await settle(page);
  await expect(rows).toHaveCount(3);
  await snap(page, 'wallet-filtered');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const file = await (await download).path();
  const lines = readFileSync(file, 'utf8').trimEnd().split('\r\n');
  expect(lines[0]).toBe('id,created_at,wallet,type,amount,balance_after,currency,message_id,actor,note');
  expect(lines.slice(1).map((l) => l.split(',').slice(2, 6).join(','))).toEqual(['prepaid,top_up,10.5000,35.5000', 'prepaid,top_up,25.0000,25.0000']);

  await page.getByRole('link', { name: 'Reset' }).click();
  await expect(rows).toHaveCount(4);
});
