import { describe, expect, it } from 'vitest';
import { demoAccount, demoCustomerAccount } from '@/auth/firebase-config';
import emulatorImport from '../../../emulator/demo-data/auth_export/accounts.json';

describe('the demo customer account the login page shows (npm run start:team)', () => {
  it('is imported into the Auth emulator beside the demo admin, email verified, with the password the page shows', () => {
    const customer = emulatorImport.users.find((account) => account.email === demoCustomerAccount.email);
    expect(customer).toMatchObject({ emailVerified: true, displayName: demoCustomerAccount.displayName });
    expect(customer?.passwordHash).toContain(`:password=${demoCustomerAccount.password}`);
    // start:team finds both by email; the admin's stays the first (the identity contract test reads it so).
    expect(emulatorImport.users[0]?.email).toBe(demoAccount.email);
    expect(new Set(emulatorImport.users.map((account) => account.localId)).size).toBe(emulatorImport.users.length);
  });
});
