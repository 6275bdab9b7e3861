import { describe, expect, it } from 'vitest';
import { countries } from '../../seed/countries';
import { seedUsers } from '../../seed/users';

describe('countries', () => {
  it('lists each country once', () => {
    expect(new Set(countries).size).toBe(countries.length);
  });

  it('holds every seed user’s address, so the country box can show it', () => {
    for (const user of seedUsers) expect(countries, user.name).toContain(user.address);
  });
});
