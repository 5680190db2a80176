import { test as base, expect, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';

mkdirSync('test-results/screens', { recursive: true });

/** Saves a full-page screenshot as a test artifact (every page the journeys visit). */
export async function snap(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

export type Account = { name: string; email: string; password: string; company: string };

/** A fresh account per test: factories, never fixed ids. */
export function newAccount(): Account {
  const tag = randomBytes(4).toString('hex');
  return { name: `Test User ${tag}`, email: `user-${tag}@example.com`, password: `pw-${tag}-long-enough`, company: `Acme ${tag}` };
}

export async function signUp(page: Page, a: Account): Promise<void> {
  await page.goto('/sign-up');
  await page.getByLabel('Your name').fill(a.name);
  await page.getByLabel('Work email').fill(a.email);
  await page.getByLabel('Password').fill(a.password);
  await page.getByLabel('Company name').fill(a.company);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard|\/operator/);
}

export const API = '/api/v1/svc/sms-api';
export const test = base;
export { expect };
