import type { User } from '../../domain/schema/user';
import { DAY_MS } from '../../domain/units';
import type { Random } from './random';

/*
 * The sample customers: names, an address in one of a few countries (the analytics
 * dashboard's customers by country), a phone number of that country and an avatar among the
 * shipped ones. Some joined before the year of activity; the rest over it.
 */

interface Country {
  name: string;
  cities: readonly string[];
  phone: string;
  /** Share of the customers. */
  weight: number;
}

const COUNTRIES: readonly Country[] = [
  { name: 'United States', cities: ['Austin, TX 78701', 'Portland, OR 97205', 'Chicago, IL 60607', 'Boston, MA 02116'], phone: '+1 555', weight: 24 },
  { name: 'United Kingdom', cities: ['London SE1 9SG', 'Manchester M1 1AE', 'Bristol BS1 4DJ'], phone: '+44 7700', weight: 12 },
  { name: 'Germany', cities: ['10115 Berlin', '80331 München', '20095 Hamburg'], phone: '+49 151', weight: 11 },
  { name: 'France', cities: ['75011 Paris', '69002 Lyon', '13001 Marseille'], phone: '+33 6', weight: 9 },
  { name: 'Canada', cities: ['Toronto, ON M5V 2T6', 'Vancouver, BC V6B 1A1'], phone: '+1 604', weight: 8 },
  { name: 'Japan', cities: ['Shibuya, Tokyo 150-0002', 'Kita-ku, Osaka 530-0001'], phone: '+81 90', weight: 7 },
  { name: 'Australia', cities: ['Sydney NSW 2000', 'Melbourne VIC 3000'], phone: '+61 412', weight: 6 },
  { name: 'Spain', cities: ['28014 Madrid', '08001 Barcelona'], phone: '+34 612', weight: 6 },
  { name: 'Italy', cities: ['20121 Milano MI', '00184 Roma RM'], phone: '+39 347', weight: 5 },
  { name: 'Netherlands', cities: ['1012 Amsterdam', '3011 Rotterdam'], phone: '+31 6', weight: 4 },
  { name: 'India', cities: ['Bengaluru, Karnataka 560038', 'Mumbai, Maharashtra 400001'], phone: '+91 98', weight: 4 },
  { name: 'Brazil', cities: ['São Paulo, SP 01310-100', 'Rio de Janeiro, RJ 20040-002'], phone: '+55 11', weight: 4 },
];

const FIRST_NAMES = [
  'Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Lucas', 'Mia', 'Ethan', 'Chloe', 'Mateo', 'Isla', 'Leo', 'Hana', 'Yuki', 'Aarav', 'Priya',
  'Sofia', 'Marco', 'Elena', 'Jonas', 'Lena', 'Camille', 'Hugo', 'Zoe', 'Omar', 'Amara', 'Diego', 'Lucia', 'Finn', 'Freya', 'Kai', 'Nora',
];
const LAST_NAMES = [
  'Smith', 'Johnson', 'Brown', 'Garcia', 'Müller', 'Schmidt', 'Dubois', 'Martin', 'Rossi', 'Bianchi', 'Tanaka', 'Sato', 'Patel', 'Sharma',
  'Silva', 'Santos', 'Jansen', 'de Vries', 'Nguyen', 'Kim', 'Lopez', 'Fernández', 'Wilson', 'Taylor', 'Murphy', 'Kowalski', 'Novak', 'Larsen',
];
const STREETS = ['Market Street', 'High Street', 'Harbour Road', 'Station Road', 'Park Avenue', 'Elm Street', 'Mill Lane', 'King Street', 'Lake View', 'Church Road'];
const AVATARS = Array.from({ length: 15 }, (_, i) => `/images/avatars/avatar-${String(i + 1).padStart(2, '0')}.svg`);

/** A customer's postal address: number, street, city line and country. */
export function postalAddress(random: Random, country: string): string {
  const place = COUNTRIES.find((c) => c.name === country) ?? COUNTRIES[0]!;
  return `${random.between(1, 240)} ${random.pick(STREETS)}, ${random.pick(place.cities)}, ${place.name}`;
}

/** The customer's country: the last part of the user's address (as the analytics dashboard reads it). */
export const countryOf = (user: Pick<User, 'address'>): string => user.address.split(',').pop()!.trim();

/**
 * `count` new customers, in the order they joined (oldest first): about a third joined in the
 * year before the activity, the rest over it. `email` is unique among them (`.<n>` when a name repeats).
 */
export function sampleCustomers(random: Random, now: number, count: number): Array<Omit<User, 'id'>> {
  const joined = Array.from({ length: count }, () => (random.chance(0.35) ? now - random.between(366, 730) * DAY_MS : now - random.between(1, 365) * DAY_MS) - random.int(DAY_MS)).sort((a, b) => a - b);
  return joined.map((at, i) => {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    const country = random.weighted(COUNTRIES, COUNTRIES.map((c) => c.weight));
    const local = `${first}.${last}`.toLowerCase().normalize('NFD').replace(/[^a-z.]/g, '');
    return {
      name: `${first} ${last}`,
      image: AVATARS[i % AVATARS.length]!,
      email: `${local}.${i + 1}@example.com`,
      role: 'Customer',
      status: random.weighted(['verified', 'waiting', 'hidden', 'rejected'] as const, [80, 12, 5, 3]),
      address: country.name,
      createAt: new Date(at).toISOString(),
      phone: `${country.phone} ${String(random.int(1000)).padStart(3, '0')} ${String(random.int(10000)).padStart(4, '0')}`,
    };
  });
}
