import { expect, newAccount, signIn, signUp, snap, test } from './fixtures';

test('a new merchant signs up, lands on the overview, signs out and back in', async ({ page }) => {
  const res = await page.goto('/sign-up');
  const headers = res!.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).toContain("default-src 'self'");
  expect(headers['content-security-policy']).not.toContain('unsafe-eval');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-content-type-options']).toBe('nosniff');
  await snap(page, 'sign-up');
  // client-side validation with the shared zod schema, announced in place
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();
  await expect(page.getByText('Use at least 10 characters.')).toBeVisible();

  const account = newAccount();
  await signUp(page, account);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page.getByText(account.company).first()).toBeVisible();
  await expect(page.getByText(`${account.email} · owner`)).toBeVisible();
  await snap(page, 'overview');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await snap(page, 'sign-in');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/sign-in/);

  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill('wrong-password-123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The email or password is not right.' })).toBeVisible();
  await signIn(page, account.email, account.password);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
});

test('a callbackUrl that leaves the site is ignored after sign-in, in any encoding', async ({ page, baseURL }) => {
  const account = newAccount();
  await signUp(page, account);
  // A same-site callbackUrl is followed.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto('/sign-in?callbackUrl=%2Fdashboard%2Fwallet');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${baseURL}/dashboard/wallet`);
  // `/\evil.example` is `https://evil.example/` to a browser; the others are its encodings and relatives.
  for (const payload of ['%2F%5Cevil.example%2Fx', '%2F%2Fevil.example', 'https%3A%2F%2Fevil.example%2F', '%2F%09%2Fevil.example', '%2F%255Cevil.example']) {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/sign-in/);
    await page.goto(`/sign-in?callbackUrl=${payload}`);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    expect(new URL(page.url()).origin, payload).toBe(new URL(baseURL!).origin);
  }
});

test('an email can only sign up once', async ({ page }) => {
  const account = newAccount();
  await signUp(page, account);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto('/sign-up');
  await page.getByLabel('Your name').fill('Someone');
  await page.getByLabel('Work email').fill(account.email.toUpperCase());
  await page.getByLabel('Password').fill('another-password');
  await page.getByLabel('Company name').fill('Other');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'An account with this email already exists.' })).toBeVisible();
});

test('the home page leads to sign-up and sign-in, with an icon', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('link[rel="icon"]')).toHaveCount(1);
  const icon = await page.request.get((await page.locator('link[rel="icon"]').getAttribute('href'))!);
  expect(icon.status()).toBe(200);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/sign-up$/);
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
});
