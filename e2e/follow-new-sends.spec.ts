import type { Page } from '@playwright/test';
import { addTestCredit, callApi, createKey, settle } from './account-helpers';
import { expect, newAccount, signUp, snap, test } from './fixtures';
import { VODACOM } from './messaging-helpers';

/** Marks the page; a reload or navigation would drop the mark. */
const mark = (p: Page) => p.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
const stillMarked = (p: Page) => p.evaluate(() => (window as unknown as { kept?: boolean }).kept === true);

/** Makes the tab read as hidden (or visible again) and tells the page, as a browser does when its tab changes. */
const setHidden = (p: Page, hidden: boolean) =>
  p.evaluate((h) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);

// Issue 44, item 8: while the tab is visible, the Messages list and the Overview show a send made through the API
// within 15 s, without a reload; a hidden tab stops asking.
test('the Messages list and the Overview follow a send made through the API, and stop asking while hidden', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const account = newAccount();
  await signUp(page, account);
  const key = await createKey(page, 'Follow shop');
  await addTestCredit(page, '1');

  await page.goto('/dashboard/messages');
  await settle(page);
  await expect(page.getByText('No messages yet.')).toBeVisible();
  const overview = await page.context().newPage();
  await overview.goto('/dashboard');
  await settle(overview);
  await expect(overview.getByText(/^0 SMS/)).toBeVisible();
  await Promise.all([mark(page), mark(overview)]);

  const sent = await callApi(baseURL!, '/send', key, { method: 'POST', body: { to: [VODACOM], message: 'Sent through the API' } });
  expect(sent.status, JSON.stringify(sent.body)).toBeLessThan(300);
  await expect(page.getByRole('row').filter({ hasText: 'Sent through the API' })).toBeVisible({ timeout: 15_000 });
  await expect(overview.getByText(/^1 SMS/)).toBeVisible({ timeout: 15_000 });
  expect(await stillMarked(page)).toBe(true);
  expect(await stillMarked(overview)).toBe(true);
  await snap(page, 'follow-new-send');

  // Once the send is final, a hidden tab asks nothing; shown again, it asks again.
  await expect(page.getByRole('row').filter({ hasText: 'Sent through the API' })).toContainText('delivered', { timeout: 15_000 });
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/trpc/') && r.url().includes('messages.list')) asked.push(r.url());
  });
  await setHidden(page, true);
  await page.waitForTimeout(12_000);
  expect(asked, 'no list request while the tab is hidden').toHaveLength(0);
  await setHidden(page, false);
  await expect.poll(() => asked.length, { timeout: 15_000 }).toBeGreaterThan(0);
});
