import { expect, type Page } from '@playwright/test';
import { openTeam } from './team-devices';

/** As the invited customer: accept the shop's invitation; the device lands in the portal. */
export async function acceptCustomerInvitation(page: Page, shop: string) {
  await openTeam(page);
  const invitation = page.getByRole('region', { name: 'Your shops' }).getByRole('listitem').filter({ hasText: shop });
  await expect(invitation).toContainText('As customer');
  await invitation.getByRole('button', { name: 'Accept' }).click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe('/portal');
  await expect(page.getByRole('banner')).toContainText(shop);
}
