import { addTestCredit, callApi, createKey, createOperator, settle, signInOperator } from './account-helpers';
import { expect, newAccount, signUp, snap, test } from './fixtures';

test('an operator (created with the CLI) suspends a key and the API answers 403 with the spec text', async ({ page, browser, baseURL }) => {
  // The merchant: signs up, funds the sandbox wallet, takes a key that works.
  const merchant = newAccount();
  await signUp(page, merchant);
  await addTestCredit(page, '15');
  const key = await createKey(page, 'Shop backend');
  expect((await callApi(baseURL!, '/balance', key)).status).toBe(200);

  // A merchant cannot open the ops.
  await page.goto('/operator');
  await expect(page).toHaveURL(/\/dashboard$/);

  // The operator, in a separate browser session.
  const op = await createOperator(baseURL!);
  const ops = await (await browser.newContext()).newPage();
  await signInOperator(ops, op);
  await expect(ops.getByRole('heading', { name: 'Merchants', level: 1 })).toBeVisible();
  await ops.getByLabel('Search by name or id').fill(merchant.company);
  await ops.getByRole('button', { name: 'Search' }).click();
  await expect(ops).toHaveURL(/\?q=/);
  await settle(ops);
  const row = ops.getByRole('row', { name: new RegExp(merchant.company) });
  await expect(row).toContainText('$15.00');
  await snap(ops, 'operator-merchants');

  await row.getByRole('link', { name: merchant.company }).click();
  await expect(ops).toHaveURL(/\/operator\/merchants\/org_/);
  await settle(ops);
  await expect(ops.getByRole('heading', { name: merchant.company, level: 1 })).toBeVisible();
  const app = ops.getByRole('listitem', { name: 'App Shop backend' });
  await expect(app).toContainText(`sk_test_…${key.slice(-4)}`);
  await expect(app).not.toContainText(key);
  await snap(ops, 'operator-merchant');

  await app.getByRole('button', { name: 'Suspend the key of Shop backend' }).click();
  await expect(app.getByText('Suspended', { exact: true })).toBeVisible();
  expect(await callApi(baseURL!, '/balance', key)).toEqual({ status: 403, body: { detail: 'Gateway app is suspended. Please contact support.' } });

  // The merchant sees the new status and what it means.
  await page.goto('/dashboard/keys');
  await settle(page);
  await expect(page.getByText('An operator suspended this key: requests get 403. Contact support.')).toBeVisible();
  await snap(page, 'keys-suspended');

  // Postpaid agreement: a credit line of 50 (one adjustment ledger row).
  await ops.getByLabel('Credit line (USD)').fill('50');
  await ops.getByRole('button', { name: 'Set credit line' }).click();
  await expect(ops.getByText('Postpaid wallet set to $50.00 (adjustment +$50.00).')).toBeVisible();

  // Approving again lets the key through.
  await app.getByRole('button', { name: 'Approve the key of Shop backend' }).click();
  await expect(app.getByText('Allowed', { exact: true })).toBeVisible();
  expect(await callApi(baseURL!, '/balance', key)).toMatchObject({ status: 200, body: { data: { balance: 65, postpaid_wallet_balance: 50 } } });

  // Every action is in the audit log.
  await ops.getByRole('link', { name: 'Audit log' }).click();
  await settle(ops);
  await expect(ops.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  const audit = ops.getByRole('table', { name: /Audit log/ });
  for (const action of ['key.set_status', 'wallet.credit_line', 'app.create', 'wallet.top_up', 'operator.create']) {
    await expect(audit.getByRole('cell', { name: action, exact: true }).first()).toBeVisible();
  }
  await snap(ops, 'operator-audit');

  await ops.getByRole('link', { name: 'Top-up requests' }).click();
  await settle(ops);
  await expect(ops.getByText('No pending requests.')).toBeVisible();
  await snap(ops, 'operator-top-ups');

  // The platform price list (D13), seeded with the DRC networks (read only here: other journeys price by it).
  await ops.getByRole('link', { name: 'Platform prices' }).click();
  await settle(ops);
  await expect(ops.getByRole('heading', { name: 'Platform prices', level: 1 })).toBeVisible();
  await expect(ops.getByTestId('organizations-priced')).toContainText(/priced by this list/);
  for (const [i, network] of ['Africell', 'Airtel', 'Orange', 'Vodacom'].entries()) {
    await expect(ops.getByLabel(`Row ${i + 1} network`)).toHaveValue(network);
  }
  await expect(ops.getByLabel('Row 4 prefixes')).toHaveValue('24381,24382,24383');
  await expect(ops.getByLabel('Row 4 price')).toHaveValue('0.02');
  await snap(ops, 'operator-platform-prices');

  // The System page: the e2e service runs a worker, so one is alive and no warning shows.
  await ops.getByRole('link', { name: 'System' }).click();
  await settle(ops);
  await expect(ops.getByRole('heading', { name: 'System', level: 1 })).toBeVisible();
  await expect(ops.getByRole('heading', { level: 2, name: /^Workers \([1-9]\d* alive\)$/ })).toBeVisible();
  await expect(ops.getByText('No worker is alive')).toHaveCount(0);
  await expect(ops.getByRole('heading', { level: 2, name: /^Job queue: \d+ due, \d+ scheduled, \d+ running, \d+ failed$/ })).toBeVisible();
  await expect(ops.getByRole('heading', { level: 2, name: 'Recent errors' })).toBeVisible();
  await snap(ops, 'operator-system');
  await ops.context().close();
});
