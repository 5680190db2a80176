import { addTestCredit, callApi, createKey, settle } from './account-helpers';
import { API, expect, newAccount, snap, test } from './fixtures';
import { ORANGE, VODACOM } from './messaging-helpers';

// Issue 14's journey: a new merchant goes from the home page to a delivered message with no dead end, using only
// the browser and its own server's REST calls (no operator, no CLI): the platform price list prices it (D13).
test('a new merchant: home → sign up → key → first REST call → credit → calculator → compose → delivered', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const account = newAccount();

  await page.goto('/');
  await snap(page, 'home');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/sign-up$/);
  await page.getByLabel('Your name').fill(account.name);
  await page.getByLabel('Work email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByLabel('Company name').fill(account.company);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  // No postpaid agreement yet: the Overview says so, as the Wallet page does, instead of showing $0.00.
  await expect(page.getByText('No postpaid agreement')).toBeVisible();

  // The API documentation shows its examples on this server's address, and leads back to the dashboard.
  await page.getByRole('link', { name: 'API documentation' }).click();
  await expect(page).toHaveURL(/\/docs$/);
  await expect(page.locator('pre').filter({ hasText: `curl -s ${baseURL}${API}/balance` })).toBeVisible();
  await expect(page.getByText(`API=${baseURL}${API}`)).toBeVisible();
  await expect(page.getByText('gateway.example.com')).toHaveCount(0);
  await snap(page, 'docs');
  await page.getByRole('link', { name: '← Back to the dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();

  // A key, and the first call a merchant's engineer makes with it: an empty wallet, not an error (D13).
  await page.getByRole('link', { name: 'API keys' }).click();
  const key = await createKey(page, 'First shop');
  const first = await callApi(baseURL!, '/balance', key);
  expect(first).toEqual({
    status: 200,
    body: {
      status_code: 200,
      data: expect.objectContaining({ balance: 0, sms_wallet_balance: 0, postpaid_wallet_balance: 0, unit_price: 0.01, available_sms: 0, currency: 'USD' }),
    },
  });

  await page.getByRole('link', { name: 'Wallet' }).click();
  await addTestCredit(page, '5');
  // GET /balance keeps the spec's figure at the default price (D2); every page counts what the $5 buys on the
  // networks a send charges, as the Calculator does, and says so (D13).
  expect((await callApi(baseURL!, '/balance', key)).body.data).toMatchObject({ balance: 5, sms_wallet_balance: 5, available_sms: 500 });
  const buys = '$5.00 buys 270 SMS at $0.0185 a segment, the average of the 4 network prices of the platform price list';
  await expect(page.getByTestId('price-basis')).toContainText(buys);
  await page.getByRole('link', { name: 'Overview' }).click();
  await expect(page.getByTestId('price-basis')).toContainText(buys);

  // The calculator works at once, on the platform price list (DRC networks, mean 0.0185).
  await page.getByRole('link', { name: 'Calculator' }).click();
  await settle(page);
  await expect(page.getByTestId('price-source')).toContainText('platform price list');
  await expect(page.getByTestId('average-price')).toHaveText('$0.0185');
  await page.getByLabel('Amount (USD)', { exact: true }).fill('5');
  await page.getByRole('button', { name: 'Calculate' }).click();
  await expect(page.getByTestId('calculator-result')).toContainText('$5.00 buys 270 SMS');
  await expect(page.getByTestId('price-basis')).toContainText(buys);
  await snap(page, 'new-merchant-calculator');

  // Compose prices each number by the same list: Vodacom 0.02 + Orange 0.019.
  await page.getByRole('link', { name: 'Compose' }).click();
  await settle(page);
  await expect(page.getByLabel('Send as')).toBeVisible();
  await page.getByLabel('Phone numbers').fill(`${VODACOM}\n${ORANGE}`);
  await page.getByLabel('Message').fill('Hello from our first send');
  await expect(page.getByTestId('total-cost')).toHaveText('$0.039');
  await page.getByRole('button', { name: 'Send now · $0.039' }).click();
  await expect(page).toHaveURL(/\/dashboard\/messages\/msg_[0-9A-Za-z]+$/);
  await expect(page.getByText('Status delivered')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('count-delivered')).toHaveText('2');
  await snap(page, 'new-merchant-delivered');

  const messageId = new URL(page.url()).pathname.split('/').pop()!;
  const status = await callApi(baseURL!, `/status/${messageId}`, key);
  expect(status.body.data).toMatchObject({ message_id: messageId, status: 'delivered', delivered: 2, failed: 0, pending: 0, total_cost: 0.039 });
  expect((await callApi(baseURL!, '/balance', key)).body.data).toMatchObject({ balance: 4.961, sms_wallet_balance: 4.961 });
});
