import { callApi, createKey, createOperator, settle, signInOperator } from './account-helpers';
import { expect, newAccount, signUp, snap, test } from './fixtures';

test('an operator assigns a short code and keyword to a merchant app; the merchant sees it, sets an inbound URL; the operator releases it', async ({ page, browser, baseURL }) => {
  // The merchant: an app, and where its inbound messages should go.
  const merchant = newAccount();
  await signUp(page, merchant);
  const key = await createKey(page, 'Inbox app');
  await page.reload();
  await settle(page);
  const hook = page.getByRole('form', { name: 'Webhook of Inbox app' });
  await hook.getByLabel('Inbound URL').fill('mailto:nope@example.com');
  await hook.getByRole('button', { name: 'Save webhook' }).click();
  await expect(hook.getByText('The URL must start with https:// (or http:// in the sandbox).')).toBeVisible();
  await hook.getByLabel('Inbound URL').fill('https://acme.example/inbound');
  await hook.getByRole('button', { name: 'Save webhook' }).click();
  await expect(hook.getByText('Inbound URL saved. No webhook URL: delivery events are not sent.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Numbers' }).first()).toContainText('No numbers yet');

  // The operator: Numbers, filtered to the merchant, whose apps the form lists.
  const op = await createOperator(baseURL!);
  const ops = await (await browser.newContext()).newPage();
  await signInOperator(ops, op);
  await ops.getByRole('link', { name: 'Numbers' }).click();
  await expect(ops).toHaveURL(/\/operator\/numbers$/);
  await settle(ops);
  await ops.getByLabel('Merchant').selectOption({ label: merchant.company });
  await ops.getByRole('button', { name: 'Show' }).click();
  await expect(ops).toHaveURL(/\?organization=org_/);
  await settle(ops);
  await expect(ops.getByText('No numbers assigned.')).toBeVisible();

  const form = ops.getByRole('form', { name: 'Assign a number' });
  await expect(form.getByLabel('App')).toContainText('Inbox app');
  await form.getByLabel('Number or short code').fill('243812345678');
  await form.getByLabel('Keyword').fill('SHOP');
  await form.getByRole('button', { name: 'Assign' }).click();
  await expect(form.getByText('only a short code (3-7 digits) takes a keyword')).toBeVisible();
  await form.getByLabel('Number or short code').fill('4321');
  await form.getByLabel('Keyword').fill('Shop');
  await form.getByRole('button', { name: 'Assign' }).click();
  await expect(form.getByText(`4321 Shop assigned to Inbox app (${merchant.company}).`)).toBeVisible();
  // The same keyword in another spelling is taken.
  await form.getByLabel('Number or short code').fill('4321');
  await form.getByLabel('Keyword').fill('SHÔP');
  await form.getByRole('button', { name: 'Assign' }).click();
  await expect(form.getByText(/short code 4321 keyword SHÔP is already assigned to app app_\w+ \(Inbox app, .+\) \(as Shop\): release it first/)).toBeVisible();
  const row = ops.getByRole('row', { name: /4321\s*Shop/ });
  await expect(row).toContainText('Inbox app');
  await snap(ops, 'operator-numbers');

  // The merchant sees it on API keys and over the API; the inbound URL was kept.
  await page.reload();
  await settle(page);
  await expect(page.getByRole('list', { name: 'Numbers of Inbox app' })).toContainText(/4321\s*Shop\s*messages whose first word is Shop/);
  await expect(page.getByRole('form', { name: 'Webhook of Inbox app' }).getByLabel('Inbound URL')).toHaveValue('https://acme.example/inbound');
  await snap(page, 'keys-numbers');
  const listed = await callApi(baseURL!, '/numbers', key);
  expect(listed).toEqual({ status: 200, body: { status_code: 200, data: { items: [{ number: '4321', keyword: 'Shop', app_id: expect.stringMatching(/^app_/) }] } } });

  // Release, after a confirmation; audited.
  await row.getByRole('button', { name: 'Release 4321 Shop' }).click();
  const dialog = ops.getByRole('dialog', { name: 'Release 4321 Shop?' });
  await expect(dialog).toContainText('Inbox app stops receiving the messages sent to 4321 with the keyword Shop.');
  await dialog.getByRole('button', { name: 'Release' }).click();
  await expect(ops.getByText('No numbers assigned.')).toBeVisible();
  expect((await callApi(baseURL!, '/numbers', key)).body.data.items).toEqual([]);
  await ops.getByRole('link', { name: 'Audit log' }).click();
  await settle(ops);
  for (const action of ['number.assign', 'number.release']) await expect(ops.getByText(action).first()).toBeVisible();
});
