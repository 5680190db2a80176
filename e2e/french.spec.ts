import { expect, newAccount, snap, test } from './fixtures';
import { settle, signUpInFrench } from './account-helpers';

/**
 * D23: a browser that asks for French gets the dashboard in French from the first page, `<html lang="fr">` included;
 * a user's choice in Settings wins over the browser's language. The other journeys run in Playwright's en-US.
 */
test.use({ locale: 'fr-FR' });

/** The main navigation, in French, on every dashboard page. */
const NAV = ["Vue d'ensemble", 'Nouveau message', 'Messages', 'Boîte de réception', 'Clés API', "Liste d'opposition", 'Portefeuille', 'Calculateur', 'Paramètres'];

test('a French-speaking merchant signs up and walks the dashboard in French', async ({ page }) => {
  await page.goto('/sign-in');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Créer un compte' })).toBeVisible();

  const account = newAccount();
  await signUpInFrench(page, account);
  await settle(page);
  await expect(page.getByRole('heading', { name: "Vue d'ensemble" })).toBeVisible();
  await expect(page.getByText(`${account.email} · propriétaire`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pour commencer' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Solde' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  for (const name of NAV) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  await snap(page, 'fr-overview');

  await nav.getByRole('link', { name: 'Clés API', exact: true }).click();
  await settle(page);
  await expect(page.getByRole('heading', { name: 'Clés API', level: 1 })).toBeVisible();
  await expect(page.getByText("Aucune application pour l'instant.")).toBeVisible();
  await page.getByLabel("Nom de l'application").fill('Boutique Kinshasa');
  await page.getByRole('button', { name: "Créer l'application et la clé" }).click();
  await expect(page.getByRole('heading', { name: 'Copiez maintenant la clé API de Boutique Kinshasa' })).toBeVisible();
  await expect(page.getByLabel('Nouvelle clé API')).toHaveValue(/^sk_test_[0-9A-Za-z]{32}$/);
  await page.getByRole('button', { name: "J'ai enregistré la clé" }).click();
  await expect(page.getByRole('cell', { name: 'Test (bac à sable)' })).toBeVisible();
  await expect(page.getByText('Active', { exact: true }).first()).toBeVisible();
  await snap(page, 'fr-keys');

  // Every main page of the tour answers in French (<html lang>, navigation).
  for (const path of ['wallet', 'compose', 'messages', 'inbox', 'opt-outs', 'calculator', 'settings']) {
    await page.goto(`/dashboard/${path}`);
    await settle(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(nav.getByRole('link', { name: 'Portefeuille', exact: true })).toBeVisible();
    await snap(page, `fr-${path}`);
  }
});

test('the language chosen in Settings is kept on the user and wins over the browser', async ({ page }) => {
  const account = newAccount();
  await signUpInFrench(page, account);
  await page.goto('/dashboard/settings');
  await settle(page);
  const form = page.getByRole('form', { name: 'Langue' });
  await form.getByLabel('Langue du tableau de bord').selectOption('en');
  await form.getByRole('button', { name: 'Enregistrer la langue' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wallet', exact: true })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();

  const english = page.getByRole('form', { name: 'Language' });
  await page.goto('/dashboard/settings');
  await settle(page);
  await english.getByLabel('Dashboard language').selectOption('fr');
  await english.getByRole('button', { name: 'Save language' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: "Vue d'ensemble" })).toBeVisible();
});
