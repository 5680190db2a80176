import { expect, newAccount, signUp, snap, test } from './fixtures';
import { equipOrganization, ORANGE, VODACOM } from './messaging-helpers';

// Issue 44 item 7: Compose drops invalid lines and removes duplicates, with counts; the send button says what stops
// the send; a large charge (above $50 or half the balance) is confirmed first.
test('compose: drop invalid lines, remove duplicates, the button says what blocks it, a large send asks first', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const account = newAccount();
  await signUp(page, account);
  await equipOrganization(baseURL!, account.email, { prepaid: '1' }); // DRC prices: Vodacom $0.02, Orange $0.019

  await page.goto('/dashboard/compose');
  await expect(page.getByLabel('Send as')).toBeVisible();
  const phones = page.getByLabel('Phone numbers');
  await expect(page.getByRole('button', { name: 'Add recipients to send' })).toBeVisible();

  // One invalid line and one copy of Vodacom's number (written without its +243).
  await phones.fill([VODACOM, ORANGE, '0812', '0810005555'].join('\n'));
  await expect(page.getByText('3 valid numbers, 1 not valid, 1 repeated')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Fix 1 invalid number to send' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Send now/ })).toHaveCount(0);
  await snap(page, 'compose-actions');

  await page.getByRole('button', { name: 'Drop 1 invalid line' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'removed' })).toHaveText('1 line removed.');
  await expect(phones).toHaveValue([VODACOM, ORANGE, '0810005555'].join('\n'));
  await expect(page.getByRole('button', { name: /^Drop/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Write a message to send' })).toBeVisible();

  await page.getByRole('button', { name: 'Remove 1 duplicate' }).click();
  await expect(phones).toHaveValue([VODACOM, ORANGE].join('\n'));
  await expect(page.getByRole('button', { name: /^Remove \d+ duplicate/ })).toHaveCount(0);
  await expect(page.getByText('2 valid numbers.')).toBeVisible();

  await page.getByLabel('Message').fill('Weekend offer');
  await expect(page.getByTestId('total-cost')).toHaveText('$0.039');
  // $0.039 of a $1.00 balance: sent without a question.
  await page.getByRole('button', { name: 'Send now · $0.039' }).click();
  await expect(page).toHaveURL(/\/dashboard\/messages\/msg_[0-9A-Za-z]+$/);

  // 1600 characters are 11 segments: 5 Vodacom numbers cost $1.10, more than the balance left.
  await page.goto('/dashboard/compose');
  await expect(page.getByLabel('Send as')).toBeVisible();
  const five = [VODACOM, '+243810006666', '+243810007777', '+243810008888', '+243810009999'];
  await phones.fill(five.join('\n'));
  await page.getByLabel('Message').fill('x'.repeat(1600));
  await expect(page.getByTestId('total-cost')).toHaveText('$1.10');
  await expect(page.getByRole('button', { name: 'Balance too low for $1.10' })).toBeVisible();

  // 3 of them cost $0.66, more than half the $0.961 left: the page asks, Cancel sends nothing.
  await phones.fill(five.slice(0, 3).join('\n'));
  await expect(page.getByTestId('total-cost')).toHaveText('$0.66');
  await page.getByRole('button', { name: 'Send now · $0.66' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm this send' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('confirm-total')).toHaveText('This send will charge $0.66.');
  await expect(dialog).toContainText('That is more than half of your balance ($0.961).');
  await snap(page, 'compose-confirm-large');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard\/compose$/);

  await page.getByRole('button', { name: 'Send now · $0.66' }).click();
  await dialog.getByRole('button', { name: 'Send for $0.66' }).click();
  await expect(page).toHaveURL(/\/dashboard\/messages\/msg_[0-9A-Za-z]+$/);

  // The owner sets the amount in Settings (50 by default): above $0.05, even a $0.10 send of a $0.30 balance asks.
  await page.goto('/dashboard/settings');
  const amount = page.getByLabel('Ask to confirm sends above (USD)');
  await expect(amount).toHaveValue('50');
  await amount.fill('0');
  await page.getByRole('button', { name: 'Save amount' }).click();
  await expect(page.getByText('The amount must be more than 0.')).toBeVisible();
  await amount.fill('0.05');
  await page.getByRole('button', { name: 'Save amount' }).click();
  await expect(page.getByText('Confirmation amount saved.')).toBeVisible();
  await page.goto('/dashboard/compose');
  await expect(page.getByLabel('Send as')).toBeVisible();
  await phones.fill(five.join('\n'));
  await page.getByLabel('Message').fill('Short');
  await page.getByRole('button', { name: 'Send now · $0.10' }).click();
  await expect(dialog).toContainText('That is more than $0.05, the amount above which Compose asks first.');
  await dialog.getByRole('button', { name: 'Send for $0.10' }).click();
  await expect(page).toHaveURL(/\/dashboard\/messages\/msg_[0-9A-Za-z]+$/);
});
