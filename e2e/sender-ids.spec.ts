import { createOperator, settle, signInOperator } from './account-helpers';
import { expect, newAccount, signUp, snap, test } from './fixtures';
import { equipOrganization, VODACOM } from './messaging-helpers';

test('a merchant requests a sender ID, an operator approves it in the console, Compose lists it and the send goes (D22)', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const merchant = newAccount();
  await signUp(page, merchant);
  await equipOrganization(baseURL!, merchant.email, { prepaid: '1' });
  const senderId = `S${Date.now().toString(36).slice(-6).toUpperCase()}`;

  // The request, pending on the merchant's page.
  await page.goto('/dashboard/sender-ids');
  await expect(page.getByRole('heading', { name: 'Sender IDs', level: 1 })).toBeVisible();
  await page.getByLabel('Sender ID', { exact: true }).fill('A-B');
  await page.getByRole('button', { name: 'Request' }).click();
  await expect(page.getByText('must be 3 to 11 letters, digits and spaces, with at least one letter')).toBeVisible();
  await page.getByLabel('Sender ID', { exact: true }).fill(senderId);
  await page.getByLabel('Purpose').fill('Order confirmations');
  await page.getByLabel('Sample message').fill(`Your order 1234 is confirmed. ${senderId}`);
  await page.getByRole('button', { name: 'Request' }).click();
  await expect(page.getByText(`${senderId} requested: an operator will review it.`)).toBeVisible();
  const row = page.getByTestId(`sender-id-${senderId}`);
  await expect(row).toContainText('pending');
  await expect(row.getByRole('button', { name: `Withdraw ${senderId}` })).toBeVisible();
  await snap(page, 'sender-ids-pending');

  // Not approved yet: Compose (sandbox) warns what live would do.
  await page.goto('/dashboard/compose');
  await page.getByLabel('Sender ID (optional)').fill(senderId);
  await expect(page.getByText('Not approved for your organization: the sandbox sends it, a live send would be refused (1140).', { exact: false })).toBeVisible();

  // The operator approves it in the console's review queue, reading the sample message.
  const op = await createOperator(baseURL!);
  const ops = await (await browser.newContext()).newPage();
  await signInOperator(ops, op);
  await ops.getByRole('link', { name: 'Sender IDs' }).click();
  await settle(ops);
  const review = ops.getByTestId(`review-${senderId}`);
  await expect(review).toContainText(`Your order 1234 is confirmed. ${senderId}`);
  await expect(review).toContainText(merchant.company);
  await snap(ops, 'operator-sender-ids');
  await review.getByRole('button', { name: `Approve ${senderId}` }).click();
  await expect(review).toContainText('approved');
  await expect(review.getByRole('button', { name: `Revoke ${senderId}` })).toBeVisible();

  // The merchant sees it approved; Compose lists it, and the send goes from it.
  await page.goto('/dashboard/sender-ids');
  await expect(page.getByTestId(`sender-id-${senderId}`)).toContainText('approved');
  await page.goto('/dashboard/compose');
  await expect(page.locator(`datalist option[value="${senderId}"]`)).toHaveCount(1);
  await page.getByLabel('Phone numbers').fill(VODACOM);
  await page.getByLabel('Message').fill('Your order 1234 is confirmed.');
  await page.getByLabel('Sender ID (optional)').fill(senderId);
  await expect(page.getByText('One of your approved sender IDs or numbers; in the sandbox, any name.')).toBeVisible();
  await page.getByRole('button', { name: /^Send now/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/messages\/msg_[0-9A-Za-z]+$/);
  await expect(page.getByText(senderId, { exact: true }).first()).toBeVisible();
  await snap(page, 'sender-id-sent');
});
