import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { API, expect, signIn, snap, type Account } from './fixtures';

/**
 * Helpers of the keys, wallet, calculator, settings and operator journeys
 * (e2e/fixtures.ts stays as it is). The operator CLI runs exactly as an
 * operator would run it, against the e2e server's database (e2e/serve.ts
 * writes its URL to test-results/e2e-db-url-<port>.txt).
 */
export function e2eDatabaseUrl(baseURL: string): string {
  const port = new URL(baseURL).port;
  return readFileSync(`test-results/e2e-db-url-${port}.txt`, 'utf8').trim();
}

/** `npm run admin --silent -- <args> --json` on the e2e database; the one JSON object it prints. */
export async function admin(baseURL: string, args: string[]): Promise<Record<string, unknown>> {
  const { stdout } = await promisify(execFile)('npm', ['run', 'admin', '--silent', '--', ...args, '--json'], {
    env: { ...process.env, DATABASE_URL: e2eDatabaseUrl(baseURL) },
    timeout: 60_000,
  });
  return JSON.parse(stdout);
}

/**
 * Waits until a server-rendered page has settled: the network is idle and no
 * streamed segment is still parked in a hidden <div id="S:…"> (while one is,
 * React may still replace the page's DOM, and typed values would be lost).
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.querySelectorAll('div[hidden][id^="S:"]').length === 0);
}

export type Operator = { email: string; password: string; name: string };

/** A fresh operator account, created with the CLI (the only way to make the first one). */
export async function createOperator(baseURL: string): Promise<Operator> {
  const tag = randomBytes(4).toString('hex');
  const op = { email: `operator-${tag}@example.com`, password: `op-${tag}-long-enough`, name: `Operator ${tag}` };
  const out = await admin(baseURL, ['create-operator', '--email', op.email, '--name', op.name, '--password', op.password]);
  expect(out).toMatchObject({ email: op.email, created: true, is_operator: true });
  return op;
}

export async function signInOperator(page: Page, op: Operator): Promise<void> {
  await signIn(page, op.email, op.password);
  await expect(page).toHaveURL(/\/operator$/);
  await settle(page);
}

/** The organization id, as the settings page shows it. */
export async function organizationId(page: Page): Promise<string> {
  await page.goto('/dashboard/settings');
  await settle(page);
  const id = (await page.getByTestId('organization-id').textContent())?.trim() ?? '';
  expect(id).toMatch(/^org_/);
  return id;
}

/** Creates an app on the keys page and returns its key, read from its one showing. */
export async function createKey(page: Page, name: string): Promise<string> {
  await page.goto('/dashboard/keys');
  await settle(page);
  await page.getByLabel('App name').fill(name);
  await page.getByRole('button', { name: 'Create app and key' }).click();
  const field = page.getByLabel('New API key');
  await expect(field).toHaveValue(/^sk_test_[0-9A-Za-z]{32}$/);
  return field.inputValue();
}

/** Sandbox test credit through the wallet page. */
export async function addTestCredit(page: Page, amount: string, wallet: 'prepaid' | 'postpaid' = 'prepaid'): Promise<void> {
  if (!page.url().endsWith('/dashboard/wallet')) await page.goto('/dashboard/wallet');
  await settle(page);
  const form = page.getByRole('form', { name: 'Add test credit' });
  await form.getByLabel('Wallet', { exact: true }).selectOption(wallet);
  await form.getByLabel(/^Amount/).fill(amount);
  await form.getByRole('button', { name: 'Add test credit' }).click();
  await expect(page.getByRole('status').filter({ hasText: `test credit to the ${wallet} wallet` })).toBeVisible();
}

/** A curl-equivalent call of the public REST API with an app key. */
export async function callApi(baseURL: string, path: string, key: string, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(`${baseURL}${API}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'app-key': key, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: await res.json() };
}

/** D23: sign-up in a browser that asks for French (the form's French labels), landing on the overview. */
export async function signUpInFrench(page: Page, a: Account): Promise<void> {
  await page.goto('/sign-up');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { name: 'Créer votre compte' })).toBeVisible();
  await snap(page, 'fr-sign-up');
  await page.getByLabel('Votre nom').fill(a.name);
  await page.getByLabel('E-mail professionnel').fill(a.email);
  await page.getByLabel('Mot de passe').fill(a.password);
  await page.getByLabel("Nom de l'entreprise").fill(a.company);
  await page.getByRole('button', { name: 'Créer le compte' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

export { snap };
