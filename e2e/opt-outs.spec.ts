import { readFileSync } from 'node:fs';
import { settle } from './account-helpers';
import { expect, newAccount, signUp, snap, test } from './fixtures';

test('import a CSV of opt-outs, see the refused row, find a phone, remove one and export the list', async ({ page }) => {
  await signUp(page, newAccount());
  await page.getByRole('link', { name: 'Opt-outs' }).click();
  await settle(page);
  await expect(page.getByRole('heading', { name: 'Opt-outs', level: 1 })).toBeVisible();
  await expect(page.getByText('No phone on the list.')).toBeVisible();

  // Row 1 is a header, row 3 is no phone: the report names it by its row.
  const csv = ['phone,name', '+243812345678,Ann', 'call me,Bob', '0991234567,Cleo', '0841234567,Dan'].join('\n');
  await page.getByLabel('CSV file').setInputFiles({ name: 'opt-outs.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByLabel('Reason (optional)').nth(1).fill('Old list');
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'rows read' })).toContainText('4 rows read: 3 added, 0 already on the list, 1 refused.');
  const refusedRows = page.getByRole('table', { name: 'Refused rows' }).getByRole('row');
  await expect(refusedRows).toHaveCount(2);
  await expect(refusedRows.nth(1)).toContainText('3');
  await expect(refusedRows.nth(1)).toContainText('call me');
  await snap(page, 'opt-outs-imported');

  const list = page.getByRole('table', { name: 'Opt-out list' });
  await expect(list.getByRole('row')).toHaveCount(4);
  await expect(list).toContainText('+243991234567');
  await expect(list).toContainText('Old list');

  await page.getByLabel('Phone', { exact: true }).fill('0991234567');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/phone=0991234567/);
  await settle(page);
  await expect(list.getByRole('row')).toHaveCount(2);
  await expect(list.getByRole('row').nth(1)).toContainText('Import');

  await page.getByRole('button', { name: 'Remove +243991234567' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove +243991234567?' });
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('No phone on the list.')).toBeVisible();
  await snap(page, 'opt-outs-removed');

  await page.getByRole('link', { name: 'Show all' }).click();
  await settle(page);
  await expect(list.getByRole('row')).toHaveCount(3);
  await expect(list).not.toContainText('+243991234567');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const lines = readFileSync(await (await download).path(), 'utf8').trimEnd().split('\r\n');
  expect(lines[0]).toBe('phone,source,reason,created_at');
  expect(lines.slice(1).map((l) => l.split(',').slice(0, 3).join(',')).sort()).toEqual(['+243812345678,import,Old list', '+243841234567,import,Old list']);
});
