import { addTestCredit, settle, signUpInFrench } from './account-helpers';
import { expect, newAccount, signUp, snap, test } from './fixtures';
import { equipOrganization } from './messaging-helpers';

/**
 * Issue 44 item 4: an owner sets a low-balance alert threshold in Settings (off by default); while what the
 * organization can spend is below it, every dashboard page shows a banner with both amounts and a link to the Wallet;
 * emptying the field turns the alert off.
 */
test('a low-balance threshold above the balance shows the banner on every page, with a link to the Wallet', async ({ page }) => {
  test.setTimeout(60_000);
  await signUp(page, newAccount());
  await addTestCredit(page, '1.00');
  const banner = page.getByTestId('low-balance-banner');
  await expect(banner).toHaveCount(0);

  await page.goto('/dashboard/settings');
  await settle(page);
  const form = page.getByRole('form', { name: 'Low-balance alert' });
  const field = form.getByLabel('Alert threshold (USD)');
  await expect(field).toHaveValue('');
  await field.fill('5');
  await form.getByRole('button', { name: 'Save alert threshold' }).click();
  await expect(form.getByText('Low-balance alert saved.')).toBeVisible();
  await expect(banner).toHaveText('Your balance is below your alert threshold: $1.00 (threshold $5.00). Top up in the Wallet');
  await snap(page, 'low-balance-banner');

  await page.goto('/dashboard/messages');
  await settle(page);
  await expect(banner).toBeVisible();
  await banner.getByRole('link', { name: 'Top up in the Wallet' }).click();
  await expect(page).toHaveURL(/\/dashboard\/wallet$/);

  await addTestCredit(page, '4.00'); // 5.00: at the threshold, not below it
  await page.reload();
  await settle(page);
  await expect(banner).toHaveCount(0);

  await page.goto('/dashboard/settings');
  await settle(page);
  await expect(field).toHaveValue('5');
  await field.fill('');
  await form.getByRole('button', { name: 'Save alert threshold' }).click();
  await expect(form.getByText('Low-balance alert saved.')).toBeVisible();
  await expect(field).toHaveValue('');
});

test.describe('in French (D23)', () => {
  test.use({ locale: 'fr-FR' });

  test('the Settings form and the banner speak French', async ({ page, baseURL }) => {
    test.setTimeout(60_000);
    const account = newAccount();
    await signUpInFrench(page, account);
    await equipOrganization(baseURL!, account.email, { prepaid: '1.00' });
    await page.goto('/dashboard/settings');
    await settle(page);
    const form = page.getByRole('form', { name: 'Alerte de solde bas' });
    await form.getByLabel("Seuil d'alerte (USD)").fill('5');
    await form.getByRole('button', { name: 'Enregistrer le seuil' }).click();
    await expect(form.getByText('Alerte de solde bas enregistrée.')).toBeVisible();
    const banner = page.getByTestId('low-balance-banner');
    await expect(banner).toContainText("Votre solde est sous votre seuil d'alerte");
    await banner.getByRole('link', { name: 'Recharger dans le Portefeuille' }).click();
    await expect(page).toHaveURL(/\/dashboard\/wallet$/);
  });
});
