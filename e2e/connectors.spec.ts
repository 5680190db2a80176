import { createOperator, settle, signInOperator } from './account-helpers';
import { expect, snap, test } from './fixtures';

test('an operator adds, edits, disables a connector and routes a prefix to it from the console', async ({ page, baseURL }) => {
  const op = await createOperator(baseURL!);
  await signInOperator(page, op);
  await page.getByRole('link', { name: 'Connectors' }).click();
  await expect(page).toHaveURL(/\/operator\/connectors$/);
  await settle(page);
  await expect(page.getByRole('heading', { name: 'Connectors', level: 1 })).toBeVisible();

  // The form checks with the server's schema before sending.
  const form = page.getByRole('form', { name: 'New connector' });
  const name = `e2e-${Date.now().toString(36)}`;
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Kind').selectOption('simulator');
  await form.getByLabel('Window').fill('0');
  await form.getByRole('button', { name: 'Add connector' }).click();
  await expect(form.getByText('Window: a whole number from 1 to 1000.')).toBeVisible();
  await form.getByLabel('Window').fill('20');
  await form.getByRole('button', { name: 'Add connector' }).click();
  await expect(form.getByText(`Connector ${name} saved.`)).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('simulator · enabled');
  await expect(row).toContainText('1 / 20 / 100');

  // Edit: only the TPS changes; the password field is write-only.
  await row.getByRole('link', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('form', { name: `Edit connector ${name}` });
  await expect(edit.getByLabel('Password')).toHaveValue('');
  await expect(edit.getByText('None stored. Leave empty to keep none.')).toBeVisible();
  await edit.getByLabel('TPS').fill('50');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByText(`Connector ${name} saved.`)).toBeVisible();
  await expect(row).toContainText('1 / 20 / 50');

  // Disabling and enabling each ask first; Cancel changes nothing.
  await row.getByRole('button', { name: `Disable ${name}` }).click();
  const disable = page.getByRole('dialog', { name: `Disable ${name}?` });
  await expect(disable).toContainText('Its sessions close within 5 seconds');
  await disable.getByRole('button', { name: 'Cancel' }).click();
  await expect(disable).toBeHidden();
  await expect(row).toContainText('simulator · enabled');
  await row.getByRole('button', { name: `Disable ${name}` }).click();
  await disable.getByRole('button', { name: 'Disable', exact: true }).click();
  await expect(disable).toBeHidden();
  await expect(row).toContainText('simulator · disabled');
  await row.getByRole('button', { name: `Enable ${name}` }).click();
  await page.getByRole('dialog', { name: `Enable ${name}?` }).getByRole('button', { name: 'Enable', exact: true }).click();
  await expect(row).toContainText('simulator · enabled');

  // A platform route to it, then gone again.
  const route = page.getByRole('form', { name: 'Set a route' });
  await route.getByLabel('Prefix').fill('+24399');
  await route.getByLabel('Connectors, in failover order').fill(name);
  await route.getByRole('button', { name: 'Set route' }).click();
  await expect(route.getByText(`Route 24399 → ${name} saved.`)).toBeVisible();
  const routeRow = page.getByRole('row', { name: /\+24399/ });
  await expect(routeRow).toContainText(`platform${name}`);
  await snap(page, 'operator-connectors');
  await routeRow.getByRole('button', { name: 'Delete route 24399' }).click();
  await page.getByRole('dialog', { name: 'Delete route 24399?' }).getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('row', { name: /\+24399/ })).toHaveCount(0);

  // Every change is audited with the operator as actor.
  await page.getByRole('link', { name: 'Audit log' }).click();
  await settle(page);
  for (const action of ['connector.create', 'connector.update', 'route.set', 'route.delete']) await expect(page.getByText(action).first()).toBeVisible();
});
