import { randomInt } from 'node:crypto';
import postgres from 'postgres';
import type { Locator, Page } from '@playwright/test';
import { FRENCH_ORDER, FRENCH_ORDER_GSM } from '../tests/french-order';
import { callApi, e2eDatabaseUrl, settle, signUpInFrench } from './account-helpers';
import { expect, newAccount, snap, test } from './fixtures';
import { equipOrganization, VODACOM } from './messaging-helpers';

/**
 * D23: a French-speaking merchant's day, in a French browser: Compose (with its problem summary and the smart-encoding
 * offer), the message page, Messages, the Inbox and a reply, the opt-out list and the Calculator. Each page shows its
 * French headings and labels, amounts as fr-CD writes them (0,02 $US), and none of the English labels it used to show.
 */
test.use({ locale: 'fr-FR' });

/** English texts of these pages that must not show on a French page (exact matches). */
async function noEnglish(scope: Page | Locator, texts: string[]): Promise<void> {
  for (const text of texts) await expect(scope.getByText(text, { exact: true }), text).toHaveCount(0);
}

/** The organization's smart encoding (D21), as Settings writes it. */
async function setSmartEncoding(baseURL: string, organizationId: string, mode: 'off' | 'transliterate'): Promise<void> {
  const sql = postgres(e2eDatabaseUrl(baseURL), { max: 1, onnotice: () => {} });
  try {
    await sql`update organizations set smart_encoding = ${mode} where id = ${organizationId}`;
  } finally {
    await sql.end({ timeout: 1 });
  }
}

/** A sandbox key made on the French keys page, for the REST calls of the journey. */
async function createKeyInFrench(page: Page, name: string): Promise<string> {
  await page.goto('/dashboard/keys');
  await settle(page);
  await page.getByLabel("Nom de l'application").fill(name);
  await page.getByRole('button', { name: "Créer l'application et la clé" }).click();
  const field = page.getByLabel('Nouvelle clé API');
  await expect(field).toHaveValue(/^sk_test_[0-9A-Za-z]{32}$/);
  const key = await field.inputValue();
  await page.getByRole('button', { name: "J'ai enregistré la clé" }).click();
  return key;
}

/** A dedicated number of the named app, as an operator's assignment writes it (D18). */
async function assignNumber(baseURL: string, appName: string, organizationId: string, number: string): Promise<void> {
  const sql = postgres(e2eDatabaseUrl(baseURL), { max: 1, onnotice: () => {} });
  try {
    const rows = await sql`
      insert into numbers (id, number, app_id, organization_id)
      select ${`num_e2e${number}`}, ${number}, id, organization_id from gateway_apps where organization_id = ${organizationId} and name = ${appName}
      returning id`;
    expect(rows).toHaveLength(1);
  } finally {
    await sql.end({ timeout: 1 });
  }
}

test('a French-speaking merchant composes, follows, replies, manages opt-outs and prices in French', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const account = newAccount();
  await signUpInFrench(page, account);
  const { organizationId } = await equipOrganization(baseURL!, account.email, { prepaid: '5.00' });
  const apiKey = await createKeyInFrench(page, 'Boutique Kinshasa');

  // Compose
  await page.goto('/dashboard/compose');
  await settle(page);
  await expect(page.getByRole('heading', { name: 'Nouveau message', level: 1 })).toBeVisible();
  await expect(page.getByLabel("Application d'envoi")).toBeVisible();
  await expect(page.getByText('Destinataires', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Coût estimé' })).toBeVisible();
  await expect(page.getByLabel('Encodage intelligent')).toBeVisible();
  await expect(page.getByLabel('Expéditeur (facultatif)')).toBeVisible();
  await expect(page.getByText('Quand', { exact: true })).toBeVisible();
  await noEnglish(page, ['Compose', 'Recipients', 'Phone numbers', 'Cost preview', 'Smart encoding', 'Send as', 'When', 'Advanced', 'Total, charged when you submit']);

  await page.getByLabel('Numéros de téléphone').fill(`${VODACOM}\n0812`);
  await page.getByLabel('Message', { exact: true }).fill('Bonjour, votre commande est prête.');
  await expect(page.getByText(/^1 numéro valide, 1 non valide\.$/)).toBeVisible();
  // A refused line is said in French, from the phone check's code (the server's English stays for English pages).
  await expect(page.getByTestId('recipients-invalid')).toHaveText(/^Ligne 2 \(«\s0812\s»\)\s: moins de 8 caractères une fois les espaces et les tirets retirés$/);
  await expect(page.getByRole('button', { name: 'Retirer 1 ligne invalide' })).toBeVisible();
  await page.getByRole('button', { name: 'Corrigez 1 numéro invalide pour envoyer' }).click();
  const summary = page.getByRole('alert').filter({ hasText: /Un problème empêche cet envoi\s:/ });
  await expect(summary).toBeVisible();
  await expect(summary.getByRole('link', { name: 'Destinataires' })).toBeVisible();
  await expect(page.locator('#recipients-errors')).toHaveText(/^Ligne 2 \(«\s0812\s»\)\s: moins de 8 caractères une fois les espaces et les tirets retirés$/);
  await snap(page, 'fr-compose-errors');

  // A date in the past is said in French too (from the schedule check's code).
  await page.getByLabel('À des dates choisies').check();
  await page.getByLabel('Date 1', { exact: true }).fill('2020-01-06');
  await expect(page.getByText('2020-01-06 09:00 (Africa/Kinshasa) est déjà passé')).toBeVisible();
  await page.getByLabel('Maintenant').check();

  // D21's offer in French, with the issue's order confirmation.
  await page.getByLabel('Numéros de téléphone').fill(VODACOM);
  await page.getByLabel('Message', { exact: true }).fill(FRENCH_ORDER);
  await expect(page.locator('#message-counter')).toContainText('4 segments SMS par destinataire');
  await expect(page.getByTestId('smart-encoding-offer').locator('span')).toHaveText(/^Remplacer les accents\s: 4 -> 2 segments par destinataire, 0,04\s\$US de moins$/);
  await page.getByTestId('smart-encoding-offer').getByRole('button', { name: 'Remplacer les accents' }).click();
  await expect(page.getByText(/^Les téléphones afficheront \(7 caractères remplacés\)\s:$/)).toBeVisible();
  await expect(page.getByTestId('total-cost')).toHaveText(/^0,04\s\$US$/);
  await snap(page, 'fr-compose');
  await page.getByRole('button', { name: /^Envoyer maintenant · 0,04\s\$US$/ }).click();

  // The message page
  await expect(page).toHaveURL(/\/dashboard\/messages\/msg_[0-9A-Za-z]+$/);
  await settle(page);
  await expect(page.getByRole('heading', { name: 'Message', level: 1, exact: true })).toBeVisible();
  await expect(page.getByText(/Envoi immédiat à 1 destinataire/)).toBeVisible();
  await expect(page.getByText(/^Statut\s/)).toContainText('délivré', { timeout: 30_000 });
  for (const title of ['Progression', 'Contenu', 'Programmation', 'Destinataires', 'Événements et envois de webhooks']) {
    await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
  }
  await expect(page.getByText('Envoyé depuis').locator('xpath=..')).toContainText('Ce tableau de bord (Nouveau message)');
  await expect(page.getByText('Envoyé (ce que lisent les téléphones)')).toBeVisible();
  await noEnglish(page, ['Progress', 'Content', 'Schedule', 'Recipients', 'Events and webhook deliveries', 'Sent from', 'Delivered', 'SMS billed']);
  await snap(page, 'fr-message');

  // Messages
  await page.goto('/dashboard/messages');
  await settle(page);
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  await expect(page.getByRole('search', { name: 'Filtrer les messages' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Créé le' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'immédiat', exact: true })).toBeVisible();
  await noEnglish(page, ['Created', 'Status', 'Filter', 'Clear', 'Recipient phone', 'immediate']);
  await snap(page, 'fr-messages');

  // Inbox: a phone writes to the app's number; the merchant reads and sees the reply's price.
  const number = `24399${randomInt(1_000_000, 9_999_999)}`;
  await assignNumber(baseURL!, 'Boutique Kinshasa', organizationId, number);
  expect((await callApi(baseURL!, '/inbound/simulate', apiKey, { method: 'POST', body: { from: VODACOM, to: number, text: 'Ma commande est-elle prête ?' } })).status).toBe(202);
  await page.goto('/dashboard/inbox');
  await settle(page);
  await expect(page.getByRole('heading', { name: 'Boîte de réception', level: 1 })).toBeVisible();
  const conversation = page.getByTestId('conversation').filter({ hasText: VODACOM });
  await expect(conversation).toContainText('1 non lu');
  await expect(conversation).toContainText(`à ${number}`);
  await noEnglish(page, ['Inbox', '1 unread']);
  await conversation.getByRole('link').click();
  await settle(page);
  await expect(page.getByTestId('inbound-item')).toContainText(/Reçu le .*via simulator/);
  await expect(page.getByRole('heading', { name: 'Répondre' })).toBeVisible();
  await expect(page.getByLabel('Répondre depuis')).toBeVisible();
  await page.getByLabel('Message', { exact: true }).fill('Oui, elle vous attend.');
  await expect(page.getByRole('button', { name: /^Envoyer la réponse · 0,02\s\$US$/ })).toBeVisible();
  // The organization replaces accents (D21): the reply box prices the French order as the send will, 2 GSM-7
  // segments and not 4 UCS-2, and shows what the phone will read.
  await setSmartEncoding(baseURL!, organizationId, 'transliterate');
  await page.reload();
  await settle(page);
  await page.getByLabel('Message', { exact: true }).fill(FRENCH_ORDER);
  await expect(page.getByTestId('smart-encoding-preview')).toHaveText(FRENCH_ORDER_GSM);
  await expect(page.getByRole('button', { name: /^Envoyer la réponse · 0,04\s\$US$/ })).toBeVisible();
  await noEnglish(page, ['Reply', 'Reply from', 'Cost preview']);
  await snap(page, 'fr-conversation');

  // Opt-outs
  await page.goto('/dashboard/opt-outs');
  await settle(page);
  await expect(page.getByRole('heading', { name: "Liste d'opposition", level: 1 })).toBeVisible();
  await page.getByLabel('Numéros', { exact: true }).fill('0812');
  await page.getByRole('button', { name: 'Ajouter à la liste' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /0812\s: moins de 8 caractères/ })).toBeVisible();
  await page.getByLabel('Numéros', { exact: true }).fill('+243990001234');
  await page.getByLabel('Motif (facultatif)').first().fill('Demande par téléphone');
  await page.getByRole('button', { name: 'Ajouter à la liste' }).click();
  await expect(page.getByText(/^1 ajouté\s; 0 déjà sur la liste\.$/)).toBeVisible();
  const list = page.getByRole('table', { name: "Liste d'opposition" });
  await expect(list.getByRole('row', { name: /\+243990001234/ })).toContainText('Tableau de bord');
  await noEnglish(page, ['Opt-outs', 'Add phones', 'Import a CSV', 'The list', 'Add to the list', 'Dashboard']);
  await snap(page, 'fr-opt-outs');

  // Calculator
  await page.goto('/dashboard/calculator');
  await settle(page);
  await expect(page.getByRole('heading', { name: 'Calculateur', level: 1 })).toBeVisible();
  await page.getByLabel('Montant (USD)', { exact: true }).fill('5');
  await page.getByRole('button', { name: 'Calculer' }).click();
  await expect(page.getByTestId('calculator-result')).toContainText(/5,00\s\$US permettent d'envoyer [\d\s ]+ SMS/);
  await expect(page.getByTestId('calculator-result')).toContainText(/Prix moyen par segment SMS\s:/);
  await noEnglish(page, ['Calculator', 'Convert', 'Your prices', 'Calculate', 'Direction']);
  await snap(page, 'fr-calculator');
});
