import type { Locator, Page } from '@playwright/test';
import { settle, signUpInFrench } from './account-helpers';
import { expect, newAccount, snap, test } from './fixtures';
import { equipOrganization, VODACOM } from './messaging-helpers';

/**
 * D23: a French-speaking user who types something the checks refuse reads why in French, on every form that checks a
 * field (sign-up, Compose, the Calculator, the Messages and Wallet filters, Settings, the sender ID request), and never
 * the API's English text (shared/validation/field-problems.ts; the REST answers keep it).
 */
test.use({ locale: 'fr-FR' });

/** The API's English texts that must not show on a French page (exact or partial matches). */
async function noEnglish(scope: Page | Locator, texts: string[]): Promise<void> {
  for (const text of texts) await expect(scope.getByText(text), text).toHaveCount(0);
}

test('a French-speaking user reads every refused field in French', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const account = newAccount();

  // Sign-up: the contract's checks, before any call.
  await page.goto('/sign-up');
  await settle(page);
  await page.getByLabel('Mot de passe').fill('court');
  await page.getByRole('button', { name: 'Créer le compte' }).click();
  await expect(page.getByText('Indiquez votre nom.')).toBeVisible();
  await expect(page.getByText('Utilisez au moins 10 caractères.')).toBeVisible();
  await expect(page.getByText("Indiquez le nom de votre entreprise.")).toBeVisible();
  await noEnglish(page, ['Enter your name.', 'Use at least 10 characters.', 'Enter your company name.', 'Enter a valid email address.']);

  await signUpInFrench(page, account);
  await equipOrganization(baseURL!, account.email, { prepaid: '5.00' });

  // Compose: an empty message, then a message too long, then a callback URL that is no URL, then a sender ID the
  // organization does not own (the sender box takes at most 11 characters: its length is never refused here).
  await page.goto('/dashboard/compose');
  await settle(page);
  await page.getByLabel('Numéros de téléphone').fill(VODACOM);
  await page.getByRole('button', { name: 'Écrivez un message pour envoyer' }).click();
  await expect(page.locator('#message-errors')).toHaveText('ne doit pas être vide');
  await noEnglish(page, ['must not be empty']);
  await page.getByLabel('Message', { exact: true }).fill('x'.repeat(1601));
  await page.getByRole('button', { name: /^Envoyer maintenant/ }).click();
  await expect(page.locator('#message-errors')).toHaveText(/^doit compter au plus 1\s600 caractères$/);
  await noEnglish(page, ['must be at most 1600 characters']);
  await page.getByLabel('Message', { exact: true }).fill('Bonjour, votre commande est prête.');
  await page.locator('#advanced summary').click();
  await page.getByLabel('URL de rappel (facultative)').fill('pas une adresse');
  await page.getByRole('button', { name: /^Envoyer maintenant/ }).click();
  await expect(page.getByText('doit être une URL absolue en http ou https').first()).toBeVisible();
  await noEnglish(page, ['must be an absolute http(s) URL']);
  await snap(page, 'fr-compose-field-errors');
  await page.getByLabel('URL de rappel (facultative)').fill('');
  await page.getByLabel('Expéditeur (facultatif)').fill('12345');
  await page.getByRole('button', { name: /^Envoyer maintenant/ }).click();
  await expect(page.getByText("Cet expéditeur n'est pas autorisé.", { exact: false }).first()).toBeVisible();
  await noEnglish(page, ['This sender_id is not allowed']);

  // Calculator: a value out of range.
  await page.goto('/dashboard/calculator');
  await settle(page);
  await page.getByLabel('Montant (USD)', { exact: true }).fill('20000000');
  await page.getByRole('button', { name: 'Calculer' }).click();
  await expect(page.getByText(/^Le montant doit être un nombre compris entre 0 et 10\s000\s000\.$/)).toBeVisible();
  await noEnglish(page, ["'amount' must be a number between 0 and 10000000"]);

  // Messages: a date filter typed by hand in the address.
  await page.goto('/dashboard/messages?from=21/11/2026');
  await settle(page);
  await expect(page.getByRole('alert').filter({ hasText: /^Du\s: Indiquez une date au format AAAA-MM-JJ\.$/ })).toBeVisible();
  await noEnglish(page, ['Use a date YYYY-MM-DD.', 'from: ']);
  // ... and a phone search too short for the server.
  await page.goto('/dashboard/messages?phone=12');
  await settle(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Tapez au moins 3 chiffres du numéro.' })).toBeVisible();
  await noEnglish(page, ['Type at least 3 digits of the number.']);

  // Wallet ledger: an end date before the start date.
  await page.goto('/dashboard/wallet?from=2026-11-22&to=2026-11-21');
  await settle(page);
  await expect(page.getByRole('alert').filter({ hasText: 'La date de fin précède la date de début.' })).toBeVisible();
  await noEnglish(page, ['The end date is before the start date.']);

  // Settings: the organization without a name.
  await page.goto('/dashboard/settings');
  await settle(page);
  await page.getByLabel("Nom de l'organisation").fill('');
  await page.getByRole('button', { name: 'Enregistrer les paramètres' }).click();
  await expect(page.getByText("Indiquez le nom de l'organisation.")).toBeVisible();
  await noEnglish(page, ['Enter the organization name.']);
  await snap(page, 'fr-settings-field-errors');

  // Sender IDs: a name phones cannot show.
  await page.goto('/dashboard/sender-ids');
  await settle(page);
  await page.getByLabel("ID d'expéditeur", { exact: true }).fill('A!');
  await page.getByRole('button', { name: 'Envoyer la demande' }).click();
  await expect(page.getByText('doit compter de 3 à 11 lettres, chiffres et espaces, dont au moins une lettre')).toBeVisible();
  await expect(page.getByText('ne doit pas être vide').first()).toBeVisible();
  await noEnglish(page, ['must be 3 to 11 letters, digits and spaces, with at least one letter', 'must not be empty']);
});
