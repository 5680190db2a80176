import { callApi, settle } from './account-helpers';
import { expect, newAccount, signUp, snap, test } from './fixtures';

test('create a key, see it once with a copy button, reload and see only prefix…last4', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUp(page, newAccount());
  await page.getByRole('link', { name: 'API keys' }).click();
  await settle(page);
  await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();
  await expect(page.getByText('No apps yet.')).toBeVisible();
  await snap(page, 'keys-empty');

  // the shared schema validates in place
  await page.getByRole('button', { name: 'Create app and key' }).click();
  await expect(page.getByText('Enter a name for the app.')).toBeVisible();

  await page.getByLabel('App name').fill('Checkout');
  await page.getByRole('button', { name: 'Create app and key' }).click();
  const field = page.getByLabel('New API key');
  await expect(field).toHaveValue(/^sk_test_[0-9A-Za-z]{32}$/);
  const key = await field.inputValue();
  await expect(page.getByRole('heading', { name: 'Copy the API key for Checkout now' })).toBeFocused();
  await expect(page.getByText('This is the only time the key is shown.')).toBeVisible();
  await page.getByRole('button', { name: 'Copy key' }).click();
  await expect(page.getByText('Copied to the clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

  const masked = `sk_test_…${key.slice(-4)}`;
  const row = page.getByRole('row', { name: /Checkout/ });
  await expect(row.getByTestId('masked-key')).toHaveText(masked);
  await expect(row).toContainText('Sandbox (test)');
  await expect(row).toContainText('Allowed');
  await expect(row).toContainText('Never');
  await snap(page, 'keys-new-key');

  // the key authenticates, and the new organization's empty prepaid wallet answers (D13: 200 with zeros, never the no-wallet 400)
  expect(await callApi(baseURL!, '/balance', key)).toMatchObject({ status: 200, body: { data: { balance: 0, sms_wallet_balance: 0, postpaid_wallet_balance: 0 } } });

  await page.reload();
  await settle(page);
  await expect(page.getByRole('row', { name: /Checkout/ }).getByTestId('masked-key')).toHaveText(masked);
  await expect(page.getByLabel('New API key')).toHaveCount(0);
  expect(await page.content()).not.toContain(key);
  expect(await page.content()).not.toContain(key.slice(8, 36));
  await expect(page.getByRole('row', { name: /Checkout/ })).not.toContainText('Never');
  await snap(page, 'keys-after-reload');
});
