import { admin, callApi, createKey, organizationId, settle } from './account-helpers';
import { expect, newAccount, signUp, snap, test } from './fixtures';

test('compute with the calculator: amount <-> SMS exactly as POST /calculate, with the rows behind the average', async ({ page, baseURL }) => {
  await signUp(page, newAccount());
  await page.getByRole('link', { name: 'Calculator' }).click();
  await settle(page);
  await expect(page.getByRole('heading', { name: 'Calculator', level: 1 })).toBeVisible();
  // D13: a new organization is priced by the platform price list (seeded with the DRC networks); no dead end.
  await expect(page.getByTestId('price-source')).toContainText('You are priced by the platform price list');
  await expect(page.getByTestId('average-price')).toHaveText('$0.0185');
  await snap(page, 'calculator-platform');

  // An operator gives the merchant prices of its own (the same DRC networks), as in the README.
  const org = await organizationId(page);
  await admin(baseURL!, [
    'set-prices', '--organization-id', org,
    '--price', 'CD:Vodacom:24381,24382,24383:0.02', '--price', 'CD:Orange:24384,24385,24389:0.019',
    '--price', 'CD:Airtel:24397,24398,24399:0.018', '--price', 'CD:Africell:24390,24391:0.017',
  ]);
  const key = await createKey(page, 'Calc');

  await page.goto('/dashboard/calculator');
  await settle(page);
  await expect(page.getByTestId('price-source')).toHaveCount(0); // its own rows now, the platform list no longer
  const prices = page.getByRole('table', { name: 'Pricing rows' });
  await expect(prices.getByRole('row')).toHaveCount(6);
  await expect(prices.getByRole('row', { name: /Vodacom/ })).toContainText('+24381, +24382, +24383');
  await expect(page.getByTestId('average-price')).toHaveText('$0.0185');

  await page.getByRole('button', { name: 'Calculate' }).click();
  await expect(page.getByText("'amount' is required when mode='amount_to_sms'")).toBeVisible();
  await page.getByLabel('Amount (USD)', { exact: true }).fill('100');
  await page.getByRole('button', { name: 'Calculate' }).click();
  const result = page.getByTestId('calculator-result');
  await expect(result).toContainText('$100.00 buys 5,405 SMS');
  await expect(result).toContainText('floor(100 ÷ 0.0185) = 5405');
  const viaApi = await callApi(baseURL!, '/calculate', key, { method: 'POST', body: { mode: 'amount_to_sms', amount: 100 } });
  expect(viaApi.body.data).toMatchObject({ sms_count: 5405, average_price: 0.0185 });
  await snap(page, 'calculator');

  await page.getByLabel('SMS → amount (USD)').check();
  await page.getByLabel('Number of SMS').fill('5000');
  await page.keyboard.press('Enter');
  await expect(result).toContainText('5,000 SMS cost $92.50');
  const back = await callApi(baseURL!, '/calculate', key, { method: 'POST', body: { mode: 'sms_to_amount', sms_count: 5000 } });
  expect(back.body.data).toMatchObject({ amount: 92.5, sms_count: 5000 });
  await snap(page, 'calculator-sms-to-amount');
});
