import { FRENCH_ORDER, FRENCH_ORDER_GSM } from '../tests/french-order';
import { settle } from './account-helpers';
import { expect, newAccount, signUp, snap, test } from './fixtures';
import { equipOrganization, VODACOM } from './messaging-helpers';

/**
 * D21 in Compose: the French order confirmation is UCS-2, 4 segments; Compose offers to replace its accents (2 GSM-7
 * segments, half the cost), shows exactly what phones will read, and the send is billed and stored as offered: the
 * message page shows the text sent and the text as written.
 */
test('Compose offers to replace accents (4 -> 2 segments), previews what phones read, and sends it so', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const account = newAccount();
  await signUp(page, account);
  await equipOrganization(baseURL!, account.email, { prepaid: '1.00' }); // DRC prices: Vodacom $0.02 a segment
  await page.goto('/dashboard/compose');
  await settle(page);

  await page.getByLabel('Phone numbers').fill(VODACOM);
  await page.getByLabel('Message').fill(FRENCH_ORDER);
  const counter = page.locator('#message-counter');
  await expect(counter).toContainText('Encoding UCS-2');
  await expect(counter).toContainText('4 SMS segments per recipient');
  await expect(page.getByLabel('Smart encoding')).toHaveValue('off');
  await expect(page.getByTestId('total-cost')).toHaveText('$0.08');

  // The offer: the other choice, per recipient and in money for the whole send.
  const offer = page.getByTestId('smart-encoding-offer');
  await expect(offer.locator('span')).toHaveText('Replace accents: 4 -> 2 segments per recipient, $0.04 less');
  await expect(page.getByTestId('smart-encoding-preview')).toHaveCount(0);
  await snap(page, 'smart-encoding-offer');

  await offer.getByRole('button', { name: 'Replace accents' }).click();
  await expect(page.getByLabel('Smart encoding')).toHaveValue('transliterate');
  await expect(page.getByText('Phones will read (7 characters replaced):')).toBeVisible();
  await expect(page.getByTestId('smart-encoding-preview')).toHaveText(FRENCH_ORDER_GSM);
  await expect(counter).toContainText('Encoding GSM-7');
  await expect(counter).toContainText('2 SMS segments per recipient');
  await expect(page.getByTestId('total-cost')).toHaveText('$0.04');
  // The offer now goes the other way.
  await expect(offer.locator('span')).toHaveText('Send as written: 2 -> 4 segments per recipient, $0.04 more');
  await snap(page, 'smart-encoding-applied');

  await page.getByRole('button', { name: 'Send now · $0.04' }).click();
  await expect(page).toHaveURL(/\/dashboard\/messages\/msg_[0-9A-Za-z]+$/);
  await settle(page);
  await expect(page.getByTestId('message-body-sent')).toHaveText(FRENCH_ORDER_GSM);
  await expect(page.getByTestId('message-body-original')).toHaveText(FRENCH_ORDER);
  await expect(page.getByText('Encoding', { exact: true }).locator('xpath=..')).toContainText('GSM-7, 2 segments');
  await expect(page.getByText('SMS billed', { exact: true }).locator('xpath=..')).toContainText('2');
});
