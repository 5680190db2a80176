import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { createOperator, settle, signUpInFrench, type Operator } from './account-helpers';
import { expect, newAccount, snap, test } from './fixtures';

/**
 * D23: Settings, Sender IDs and the operator console in a French browser: French headings and labels, and none of
 * the English labels those pages used to show. French typography puts a no-break space before `:` `?` `!`, which
 * Playwright's text matching treats as any other space.
 */
test.use({ locale: 'fr-FR' });

/** A console page's own words (its header, headings, captions, column heads, labels, buttons, page links), not the data it lists. */
const OWN_WORDS = 'main :is(header, h2, h3, caption, thead, label, button, legend, dt, nav)';

/** Texts a page showed in English: none may be left in `scope` (by default the whole main region). */
async function noEnglish(page: Page, english: string[], scope = 'main'): Promise<void> {
  const text = (await page.locator(scope).allInnerTexts()).join('\n');
  for (const words of english) expect(text, `"${words}" is still in English`).not.toContain(words);
}

/** The operator, in a browser session of its own that also asks for French. */
async function frenchOperator(browser: Browser, op: Operator): Promise<Page> {
  const ops = await (await browser.newContext({ locale: 'fr-FR' })).newPage();
  await ops.goto('/sign-in');
  await ops.getByLabel('E-mail').fill(op.email);
  await ops.getByLabel('Mot de passe').fill(op.password);
  await ops.getByRole('button', { name: 'Se connecter' }).click();
  await expect(ops).toHaveURL(/\/operator$/);
  await settle(ops);
  return ops;
}

/** Opens a console page from the navigation and checks its French heading. */
async function openConsolePage(ops: Page, link: string, heading = link): Promise<void> {
  await ops.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: link, exact: true }).click();
  await settle(ops);
  await expect(ops.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

test('Settings and Sender IDs speak French', async ({ page }) => {
  const account = newAccount();
  await signUpInFrench(page, account);

  await page.goto('/dashboard/settings');
  await settle(page);
  await expect(page.getByRole('heading', { name: 'Paramètres', level: 1 })).toBeVisible();
  for (const name of ['Organisation', 'Encodage intelligent', 'Réponses aux mots-clés STOP, START et HELP (anglais)', 'Réponses aux mots-clés ARRET, OUI et AIDE (français)', 'Équipe', 'Votre compte']) {
    await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  }
  await expect(page.getByText("Bac à sable : messages de test, rien n'est envoyé aux téléphones")).toBeVisible();
  await expect(page.getByLabel('Fuseau horaire')).toHaveValue('Africa/Kinshasa');
  const country = page.getByLabel('Pays par défaut');
  await expect(country.locator('option[value="FR"]')).toHaveText('France (FR)');
  await expect(country.locator('option[value="DE"]')).toHaveText('Allemagne (DE)');
  await page.getByLabel("Nom de l'organisation").fill(`${account.company} SARL`);
  await page.getByRole('button', { name: 'Enregistrer les paramètres' }).click();
  await expect(page.getByText('Paramètres enregistrés.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Encodage intelligent' })).toContainText("Désactivé : envoyer les textes tels qu'ils sont écrits");
  await expect(page.getByLabel('Réponse à ARRET (français)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enregistrer les réponses' }).first()).toBeVisible();

  const team = page.getByRole('table', { name: "Membres de l'équipe et leurs rôles" });
  for (const name of ['Membre', 'Rôle', 'Membre depuis']) await expect(team.getByRole('columnheader', { name, exact: true })).toBeVisible();
  const me = team.getByRole('row', { name: /\(vous\)/ });
  await expect(me.getByLabel(`Rôle de ${account.email}`)).toHaveValue('owner');
  await expect(me.getByLabel(`Rôle de ${account.email}`).locator('option:checked')).toHaveText('propriétaire');
  await me.getByRole('button', { name: `Retirer ${account.email}` }).click();
  const dialog = page.getByRole('dialog', { name: `Retirer ${account.email} ?` });
  await expect(dialog).toContainText("La personne perd immédiatement l'accès à cette organisation.");
  await expect(dialog.getByRole('button', { name: 'Retirer le membre' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toBeHidden();

  const add = page.getByRole('form', { name: 'Ajouter un membre' });
  await expect(add.getByLabel('Rôle', { exact: true }).locator('option[value="viewer"]')).toHaveText('Lecteur : consulte tout');
  await expect(page.getByRole('form', { name: 'Langue' })).toBeVisible();
  await snap(page, 'fr-settings');
  await noEnglish(page, ['Settings', 'Organization', 'Smart encoding', 'Replies to', 'Team', 'Your account', 'Time zone', 'Default country', 'Save', 'Add member', 'Member', 'Joined', 'Remove', 'Cancel', 'Sandbox']);

  // Sender IDs: ask for one, see it pending, in French.
  const senderId = `Fr${randomBytes(3).toString('hex')}`.slice(0, 11);
  await page.goto('/dashboard/sender-ids');
  await settle(page);
  await expect(page.getByRole('heading', { name: "ID d'expéditeur", level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: "Demander un ID d'expéditeur", level: 2 })).toBeVisible();
  const form = page.getByRole('form', { name: "Demander un ID d'expéditeur" });
  await form.getByLabel("ID d'expéditeur", { exact: true }).fill(senderId);
  await form.getByLabel('Usage').fill('Confirmations de commande');
  await form.getByLabel('Exemple de message').fill(`Votre commande 1234 est confirmée. ${senderId}`);
  await form.getByRole('button', { name: 'Envoyer la demande' }).click();
  await expect(page.getByText(`${senderId} demandé : un opérateur va examiner la demande.`)).toBeVisible();
  const row = page.getByTestId(`sender-id-${senderId}`);
  await expect(row).toContainText('en attente');
  await expect(row.getByRole('button', { name: `Retirer ${senderId}` })).toBeVisible();
  const table = page.getByRole('table', { name: "ID d'expéditeur" });
  for (const name of ['État', 'Motif', 'Usage', 'Date de la demande']) await expect(table.getByRole('columnheader', { name, exact: true })).toBeVisible();
  await snap(page, 'fr-sender-ids');
  await noEnglish(page, ['Sender ID', 'Request', 'Purpose', 'Sample message', 'pending', 'Withdraw', 'State', 'Reason']);
});

/** The console's navigation, in French. */
const CONSOLE_NAV = ['Marchands', 'Demandes de recharge', "ID d'expéditeur", 'Tarifs de la plateforme', 'Connecteurs', 'SMS entrants non attribués', 'Numéros', 'Système', "Journal d'audit"];

test('an operator who reads French runs the console in French', async ({ page, browser, baseURL }) => {
  // A French merchant with a sender ID to review.
  const merchant = newAccount();
  await signUpInFrench(page, merchant);
  const senderId = `Op${randomBytes(3).toString('hex')}`.slice(0, 11);
  await page.goto('/dashboard/sender-ids');
  await settle(page);
  await page.getByLabel("ID d'expéditeur", { exact: true }).fill(senderId);
  await page.getByLabel('Usage').fill('Alertes de livraison');
  await page.getByLabel('Exemple de message').fill(`Votre colis arrive demain. ${senderId}`);
  await page.getByRole('button', { name: 'Envoyer la demande' }).click();
  await expect(page.getByTestId(`sender-id-${senderId}`)).toContainText('en attente');

  const ops = await frenchOperator(browser, await createOperator(baseURL!));
  await expect(ops.locator('html')).toHaveAttribute('lang', 'fr');
  const nav = ops.getByRole('navigation', { name: 'Menu principal' });
  for (const name of CONSOLE_NAV) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();

  // Merchants, then the merchant's page.
  await expect(ops.getByRole('heading', { name: 'Marchands', level: 1 })).toBeVisible();
  await ops.getByLabel('Rechercher par nom ou par ID').fill(merchant.company);
  await ops.getByRole('button', { name: 'Rechercher' }).click();
  await expect(ops).toHaveURL(/\?q=/);
  await settle(ops);
  const merchants = ops.getByRole('table', { name: /^Marchands, du plus récent/ });
  for (const name of ['Marchand', 'Création (UTC)', 'Prépayé', 'Postpayé', 'Applications', 'En attente de votre part']) {
    await expect(merchants.getByRole('columnheader', { name, exact: true })).toBeVisible();
  }
  await snap(ops, 'fr-operator-merchants');
  await noEnglish(ops, ['Merchant', 'Search by name', 'Created', 'Prepaid', 'Postpaid', 'Waiting for you'], OWN_WORDS);
  await merchants.getByRole('link', { name: merchant.company }).click();
  await settle(ops);
  await expect(ops.getByRole('heading', { name: merchant.company, level: 1 })).toBeVisible();
  for (const name of ['Portefeuilles', 'Applications et clés', 'Tarifs', 'Demandes de recharge', 'Équipe', "Dernières entrées du journal d'audit"]) {
    await expect(ops.getByRole('heading', { name, level: 2 })).toBeVisible();
  }
  await expect(ops.getByText("Ce marchand n'a pas encore d'application.")).toBeVisible();
  await expect(ops.getByText(`${merchant.email} · propriétaire`)).toBeVisible();
  // A refused amount is said in French (D23, shared/validation/field-problems.ts), then the right one.
  await ops.getByLabel('Ligne de crédit (USD)').fill('12.34567');
  await ops.getByRole('button', { name: 'Fixer la ligne de crédit' }).click();
  await expect(ops.getByText('Indiquez un montant comme 25 ou 12,50 (4 décimales au plus).')).toBeVisible();
  await ops.getByLabel('Ligne de crédit (USD)').fill('50');
  await ops.getByRole('button', { name: 'Fixer la ligne de crédit' }).click();
  await expect(ops.getByText(/^Portefeuille postpayé fixé à 50,00\s\$US \(ajustement de \+50,00\s\$US\)\.$/)).toBeVisible();
  await expect(ops.getByRole('button', { name: 'Enregistrer les tarifs' })).toBeVisible();
  await snap(ops, 'fr-operator-merchant');
  await noEnglish(ops, ['Enter an amount such as 25 or 12.50 (at most 4 decimals).', 'Wallets', 'Apps and keys', 'Pricing', 'Top-up requests', 'Team', 'Recent audit entries', 'Credit line', 'Save prices', 'Revoke sessions', 'default country'], OWN_WORDS);

  // Sender IDs: approve the merchant's request.
  await openConsolePage(ops, "ID d'expéditeur");
  const review = ops.getByTestId(`review-${senderId}`);
  await expect(review).toContainText('en attente');
  await expect(review).toContainText('Usage : Alertes de livraison');
  await expect(review.getByPlaceholder('Motif (pour refuser ou révoquer)')).toBeVisible();
  await expect(review.getByRole('button', { name: `Refuser ${senderId}` })).toBeVisible();
  await review.getByRole('button', { name: `Approuver ${senderId}` }).click();
  await expect(review.getByRole('button', { name: `Révoquer ${senderId}` })).toBeVisible();
  await expect(review).toContainText('approuvé');
  await noEnglish(ops, ['Approve', 'Reject', 'Revoke', 'Purpose', 'requested', 'Merchants ask'], `main header, [data-testid="review-${senderId}"]`);

  await openConsolePage(ops, 'Demandes de recharge');
  await expect(ops.getByText('Les marchands en production demandent du crédit', { exact: false })).toBeVisible();
  await noEnglish(ops, ['Live merchants', 'Confirm', 'Reject'], OWN_WORDS);

  await openConsolePage(ops, 'Tarifs de la plateforme');
  await expect(ops.getByTestId('organizations-priced')).toContainText(/tarifés? par cette grille/);
  await expect(ops.getByLabel('Ligne 1, réseau')).toBeVisible();
  await expect(ops.getByRole('button', { name: 'Ajouter une ligne' })).toBeVisible();
  await noEnglish(ops, ['Price list', 'priced by', 'Country', 'Network', 'Add row', 'Save prices'], OWN_WORDS);

  await openConsolePage(ops, 'Connecteurs');
  const connector = ops.getByRole('form', { name: 'Nouveau connecteur' });
  for (const label of ['Nom', 'Type', 'Hôte', 'Mot de passe', 'Mode de bind', 'Codage des données GSM', 'Messages longs', 'Fenêtre', 'Validité (s)']) {
    await expect(connector.getByLabel(label, { exact: true })).toBeVisible();
  }
  await connector.getByLabel('Nom', { exact: true }).fill('Mauvais Nom');
  await connector.getByRole('button', { name: 'Ajouter le connecteur' }).click();
  await expect(connector.getByText(/^Nom\s: lettres minuscules, chiffres, - et _, 40 au plus\.$/)).toBeVisible();
  await expect(ops.getByRole('heading', { name: 'Routes', level: 2 })).toBeVisible();
  await expect(ops.getByRole('form', { name: 'Définir une route' }).getByLabel('Connecteurs, par ordre de bascule')).toBeVisible();
  await snap(ops, 'fr-operator-connectors');
  await noEnglish(ops, ['Name: lowercase letters, digits, - and _, at most 40.', 'New connector', 'Add connector', 'Window', 'Bind mode', 'Long messages', 'Set route', 'failover', 'Enable', 'Disable'], OWN_WORDS);

  await openConsolePage(ops, 'SMS entrants non attribués');
  await noEnglish(ops, ['Unrouted', 'Received', 'Carrier', 'newest first'], OWN_WORDS);

  await openConsolePage(ops, 'Numéros');
  await expect(ops.getByRole('button', { name: 'Afficher' })).toBeVisible();
  const assign = ops.getByRole('form', { name: 'Attribuer un numéro' });
  for (const label of ["ID de l'application", 'Numéro ou code court', 'Mot-clé']) await expect(assign.getByLabel(label, { exact: true })).toBeVisible();
  await noEnglish(ops, ['Every merchant', 'Assign', 'Number or short code', 'Keyword', 'Show'], OWN_WORDS);

  await openConsolePage(ops, 'Système');
  await expect(ops.getByRole('heading', { level: 2, name: /^Workers actifs\s:\s\d+$/ })).toBeVisible();
  await expect(ops.getByRole('heading', { level: 2, name: /^File des tâches — dues\s:\s\d+/ })).toBeVisible();
  await expect(ops.getByRole('heading', { level: 2, name: 'Erreurs récentes' })).toBeVisible();
  await noEnglish(ops, ['Job queue', 'Recent errors', 'Last heartbeat', 'alive', 'Webhook backlog'], OWN_WORDS);

  await openConsolePage(ops, "Journal d'audit");
  const audit = ops.getByRole('table', { name: /^Journal d'audit, de la plus récente/ });
  for (const name of ['Quand (UTC)', 'Qui', 'Action', 'Cible', 'Détails']) await expect(audit.getByRole('columnheader', { name, exact: true })).toBeVisible();
  await expect(audit.getByRole('cell', { name: 'sender_id.approve', exact: true }).first()).toBeVisible();
  await snap(ops, 'fr-operator-audit');
  await noEnglish(ops, ['Every operator action', 'When', 'Who', 'Target', 'Details', 'Older entries'], OWN_WORDS);
});
