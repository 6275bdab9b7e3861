import { expect, type Page } from '@playwright/test';

/**
 * As the invited customer, signed in on a device of their own: the first screen is the portal's
 * accept step (src/features/welcome), never the team's dashboard; Accept lands in the portal.
 */
export async function acceptCustomerInvitation(page: Page, shop: string) {
  await expect(page.getByRole('heading', { level: 1, name: `${shop} invites you` })).toBeVisible({ timeout: 30_000 });
  expect(new URL(page.url()).pathname).toBe('/welcome');
  await page.getByRole('region', { name: `Invitation from ${shop}` }).getByRole('button', { name: 'Accept and open the portal' }).click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe('/portal');
  await expect(page.getByRole('banner')).toContainText(shop);
}
