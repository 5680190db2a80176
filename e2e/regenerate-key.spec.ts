import { addTestCredit, callApi, createKey, settle } from './account-helpers';
import { expect, newAccount, signUp, snap, test } from './fixtures';

test('regenerate a key: the dialog warns, the old key gets 401 at once, the new one works', async ({ page, baseURL }) => {
  await signUp(page, newAccount());
  await addTestCredit(page, '20');
  const oldKey = await createKey(page, 'Rotating app');
  expect(await callApi(baseURL!, '/balance', oldKey)).toMatchObject({ status: 200, body: { data: { balance: 20 } } });

  await page.reload();
  await settle(page);
  await page.getByRole('button', { name: 'Regenerate key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Regenerate the key of Rotating app?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`The current key (sk_test_…${oldKey.slice(-4)}) stops working at once.`);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await snap(page, 'keys-regenerate-dialog');

  // Escape cancels: nothing changed
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect((await callApi(baseURL!, '/balance', oldKey)).status).toBe(200);

  await page.getByRole('button', { name: 'Regenerate key' }).click();
  await dialog.getByRole('button', { name: 'Regenerate key' }).click();
  const field = page.getByLabel('New API key');
  await expect(field).toHaveValue(/^sk_test_[0-9A-Za-z]{32}$/);
  const newKey = await field.inputValue();
  expect(newKey).not.toBe(oldKey);
  await expect(page.getByTestId('masked-key')).toHaveText(`sk_test_…${newKey.slice(-4)}`);
  await snap(page, 'keys-regenerated');

  expect(await callApi(baseURL!, '/balance', oldKey)).toEqual({ status: 401, body: { detail: 'Invalid app-key. Please provide a valid app-key.' } });
  expect(await callApi(baseURL!, '/balance', newKey)).toMatchObject({ status: 200, body: { status_code: 200, data: { balance: 20 } } });
});
