/**
 * The shop's letterhead: who bills the customer, as printed at the top of every invoice (the
 * page, its print-out and the PDF). The one place to change the shop's name, address or contacts.
 * (Sample details: a 555 phone number and an `.example` address, as a demo shop has no real ones.)
 */
export const SHOP_LETTERHEAD = {
  name: 'Shop Admin',
  addressLines: ['200 Harbour Street, Suite 4', 'Portland, OR 97209', 'United States'],
  email: 'billing@shop-admin.example',
  phone: '+1 (503) 555-0142',
} as const;
