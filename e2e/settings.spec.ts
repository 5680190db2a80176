import { createKey, settle } from './account-helpers';
import { expect, newAccount, signIn, signUp, snap, test } from './fixtures';

test('an owner edits the organization and adds a viewer, who then sees a read-only dashboard', async ({ page }) => {
  const owner = newAccount();
  await signUp(page, owner);
  await page.getByRole('link', { name: 'Settings' }).click();
  await settle(page);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Time zone')).toHaveValue('Africa/Kinshasa');
  await expect(page.getByText('Sandbox: test messages, nothing is sent to phones')).toBeVisible();
  await snap(page, 'settings');

  await page.getByLabel('Organization name').fill(`${owner.company} Renamed`);
  await page.getByLabel('Time zone').fill('Mars/Olympus');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Choose a time zone from the list, such as Africa/Kinshasa.')).toBeVisible();
  await page.getByLabel('Time zone').fill('Europe/Paris');
  await page.getByLabel('Default country').selectOption('FR');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await page.reload();
  await settle(page);
  await expect(page.getByLabel('Time zone')).toHaveValue('Europe/Paris');
  await expect(page.getByLabel('Default country')).toHaveValue('FR');
  await expect(page.getByText(`${owner.company} Renamed`).first()).toBeVisible();

  // The last owner cannot step down.
  const me = page.getByRole('row', { name: /\(you\)/ });
  await me.getByLabel(`Role of ${owner.email}`).selectOption('viewer');
  await me.getByRole('button', { name: 'Change role' }).click();
  await expect(me.getByRole('alert')).toHaveText('The last owner cannot be removed or demoted: make someone else an owner first.');

  // An app the viewer will see (but not change).
  await createKey(page, 'Visible app');
  await page.goto('/dashboard/settings');
  await settle(page);

  // A new person gets an account and a one-time password.
  const viewerEmail = `viewer-${Date.now()}@example.com`;
  await page.getByRole('form', { name: 'Add a member' }).getByLabel('Email').fill(viewerEmail);
  await page.getByRole('form', { name: 'Add a member' }).getByLabel('Name').fill('Vera Viewer');
  await page.getByLabel('Role', { exact: true }).selectOption('viewer');
  await page.getByRole('button', { name: 'Add member' }).click();
  const password = await page.getByLabel('One-time password').inputValue();
  expect(password).toMatch(/^[0-9A-Za-z]{16}$/);
  await expect(page.getByRole('row', { name: new RegExp(viewerEmail) })).toBeVisible();
  await snap(page, 'settings-member-added');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  // The one-time password signs in only to be replaced: the dashboard waits until then.
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(viewerEmail);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/change-password$/);
  await page.goto('/dashboard/keys');
  await expect(page).toHaveURL(/\/change-password$/);
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill('not-the-one-time-password');
  await form.getByLabel('New password').fill('vera-own-password');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('This is not your current password.')).toBeVisible();
  await form.getByLabel('Current password').fill(password);
  await form.getByLabel('New password').fill(viewerEmail.split('@')[0]);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('Do not use your email address as your password.')).toBeVisible();
  await form.getByLabel('New password').fill('vera-own-password');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(`${viewerEmail} · viewer`)).toBeVisible();
  await snap(page, 'one-time-password-replaced');

  await page.goto('/dashboard/keys');
  await settle(page);
  await expect(page.getByText('You have the viewer role')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create app and key' })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /Visible app/ }).getByTestId('masked-key')).toHaveText(/^sk_test_…[0-9A-Za-z]{4}$/);
  await expect(page.getByRole('button', { name: 'Regenerate key' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send test event' })).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Webhook of Visible app' }).getByLabel('Webhook URL')).toBeDisabled();
  await snap(page, 'keys-viewer');
  await page.goto('/dashboard/settings');
  await settle(page);
  await expect(page.getByText('Only owners change these settings and the team. Your role: viewer.')).toBeVisible();
  await expect(page.getByLabel('Organization name')).toBeDisabled();
  await snap(page, 'settings-viewer');
  await page.goto('/dashboard/wallet');
  await settle(page);
  await expect(page.getByText('Your role (viewer) cannot add test credit')).toBeVisible();

  // The one-time password no longer signs in; the viewer's own does.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.getByLabel('Email').fill(viewerEmail);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('The email or password is not right.')).toBeVisible();
  await signIn(page, viewerEmail, 'vera-own-password');
  await expect(page.getByText(`${viewerEmail} · viewer`)).toBeVisible();
});

test('a member of two organizations switches between them from the sidebar', async ({ page }) => {
  const first = newAccount();
  await signUp(page, first);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);

  // Another company adds the same person (an existing account: no name, no one-time password).
  const second = newAccount();
  await signUp(page, second);
  await page.goto('/dashboard/settings');
  await settle(page);
  await page.getByRole('form', { name: 'Add a member' }).getByLabel('Email').fill(first.email);
  await page.getByLabel('Role', { exact: true }).selectOption('developer');
  await page.getByRole('button', { name: 'Add member' }).click();
  await expect(page.getByRole('row', { name: new RegExp(first.email) })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);

  await signIn(page, first.email, first.password);
  await expect(page.getByText(`${first.email} · owner`)).toBeVisible();
  const switcher = page.getByRole('form', { name: 'Switch organization' });
  await switcher.getByLabel('Organization').selectOption({ label: `${second.company} (developer)` });
  await switcher.getByRole('button', { name: 'Switch' }).click();
  await expect(page.getByText(`${first.email} · developer`)).toBeVisible();
  await expect(page.getByText(second.company).first()).toBeVisible();
  await snap(page, 'organization-switched');
  // The choice sticks across pages.
  await page.goto('/dashboard/settings');
  await settle(page);
  await expect(page.getByText(`${first.email} · developer`)).toBeVisible();
  await expect(page.getByText('Only owners change these settings and the team. Your role: developer.')).toBeVisible();
});
