/* global document, HTMLInputElement, MutationObserver, requestAnimationFrame -- page.evaluate callbacks run in the browser */
// The users part of `npm run bench`: 100,000 users bulk-loaded through POST /api/users/bulk,
// the list's queries timed from the page, and typing a search in the real /users page
// timed from the keystroke to the updated rows. Imported by scripts/bench.mjs.
import { pageSource, xorshift } from './lib/random.mjs';

export const USERS_GOALS = { page1: 25, deepPage: 25, statusFilter: 25, search: 75, sortName: 25, sortEmail: 25, sortStatus: 25, sortJoinedAsc: 25, sortedSearch: 75 };
/** Debounce (src/components/data-table/search-input.tsx) + 100 ms. */
export const USERS_TYPING_GOAL_MS = 300 + 100;
const CHUNK = 5_000;

/** Makes the generated users (deterministic); its source is installed in the page (pageSource). */
function userFactory() {
  const rand = xorshift(0x9e3779b9);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const first = ['Amelia', 'Liam', 'Olivia', 'Noah', 'Emma', 'Mateo', 'Sofia', 'Lucas', 'Mia', 'Arjun', 'Yuki', 'Chen', 'Fatima', 'Omar', 'Ines', 'Jonas', 'Zoe', 'Ivan', 'Grace', 'Kwame'];
  const last = ['Johnson', 'Garcia', 'Nguyen', 'Kowalski', 'Rossi', 'Patel', 'Tanaka', 'Okafor', 'Andersson', 'Dubois', 'Silva', 'Wilson', 'Müller', 'Haddad', 'Lee', 'Novak', 'Cohen', 'Moreau', 'Kim', 'Jackson'];
  const roles = ['Sales Manager', 'Product Designer', 'Data Analyst', 'Support Agent', 'Buyer', 'Warehouse Lead', 'Marketing Lead'];
  const countries = ['United States', 'Japan', 'Italy', 'Brazil', 'Germany', 'India', 'Nigeria', 'France', 'Canada', 'Spain', 'Sweden', 'Singapore'];
  const statuses = ['hidden', 'rejected', 'verified', 'waiting'];
  const from = Date.parse('2019-01-01T00:00:00.000Z');
  const span = Date.parse('2026-10-31T00:00:00.000Z') - from;
  return (n) => {
    const name = `${pick(first)} ${pick(last)}`;
    return {
      name,
      email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}.${n}@example.com`,
      role: pick(roles),
      status: pick(statuses),
      address: pick(countries),
      phone: `+1 555 ${String(Math.floor(rand() * 10_000_000)).padStart(7, '0')}`,
      createAt: new Date(from + Math.floor(rand() * span)).toISOString(),
    };
  };
}

/** Runs in the page: posts `rows` generated users to the bulk endpoint, `chunk` per call. */
export async function seedUsersInPage(page, token, rows) {
  await page.evaluate(`globalThis.benchUserFactory = ${pageSource(userFactory)}`);
  return page.evaluate(
    async ({ token, rows, chunk }) => {
      const user = globalThis.benchUserFactory();
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const started = performance.now();
      let inserted = 0;
      for (let start = 0; start < rows; start += chunk) {
        const users = [];
        for (let n = start; n < Math.min(rows, start + chunk); n++) users.push(user(n));
        const body = new Blob([JSON.stringify({ users })], { type: 'application/json' });
        const res = await fetch('/api/users/bulk', { method: 'POST', headers, body });
        const answer = await res.json();
        if (res.status !== 201) throw new Error(`users bulk insert failed: ${res.status} ${JSON.stringify(answer).slice(0, 500)}`);
        inserted += answer.inserted;
      }
      return { ms: performance.now() - started, inserted };
    },
    { token, rows, chunk: CHUNK },
  );
}

/** The users list queries the bench times: [key, label, query]. */
export function usersCases(rows) {
  const deepPage = Math.max(1, Math.floor(rows / 20));
  return [
    ['page1', 'users page 1', { page: '1' }],
    ['deepPage', `users page ${deepPage}`, { page: String(deepPage) }],
    ['statusFilter', 'users status=waiting', { status: 'waiting' }],
    ['search', 'users search=son', { search: 'son' }],
    ['sortName', 'users sort=name', { sort: 'name', order: 'asc' }],
    ['sortEmail', 'users sort=email desc, page 3', { sort: 'email', order: 'desc', page: '3' }],
    ['sortStatus', 'users sort=status, page 2', { sort: 'status', page: '2' }],
    ['sortJoinedAsc', 'users sort=createAt asc (oldest first)', { sort: 'createAt', order: 'asc' }],
    // A search, sorted: its goal is the search's.
    ['sortedSearch', 'users sort=name + search=ia', { sort: 'name', search: 'ia' }],
  ];
}

/**
 * Runs in the page (the real /users screen): types each term into the search box as a
 * user would (one input event with the whole term, as a paste or the last keystroke) and
 * measures until the table shows the rows for it: the list has asked for the term (the
 * table went busy after the keystroke), the table is not busy any more and every row shown
 * contains the term (each searched field, name, email, country and phone, is a column), or
 * the empty state names the term. That span includes the 300 ms debounce. Without the
 * "has asked" condition a term found in every row of the term before ("am": every email
 * ends in example.com) was timed at the first check, ~250 ms, before its debounce ended.
 */
export async function timeTypingInPage(page, terms) {
  await page.goto('/users');
  await page.getByRole('searchbox', { name: 'Search users' }).waitFor();
  await page.locator('table[aria-busy="false"]').waitFor();
  return page.evaluate(async (terms) => {
    const input = document.querySelector('input[type="search"]');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    const showsRowsFor = (term) => {
      const empty = [...document.querySelectorAll('[role="status"]')].some((el) => el.textContent?.includes(`No users match "${term}"`));
      if (empty) return true;
      const table = document.querySelector('table[aria-busy]');
      if (!asked || table?.getAttribute('aria-busy') !== 'false') return false;
      const rows = [...table.querySelectorAll('tbody tr[data-testid="user-row"]')];
      return rows.length > 0 && rows.every((row) => row.textContent.toLowerCase().includes(term));
    };
    // Set when the list shows it is loading (aria-busy), i.e. it has asked for the new term.
    let asked = false;
    const busyWatch = new MutationObserver(() => {
      if (document.querySelector('table[aria-busy="true"]')) asked = true;
    });
    busyWatch.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy'] });
    const settled = (term) =>
      new Promise((resolve, reject) => {
        const give = setTimeout(() => reject(new Error(`rows for "${term}" did not arrive`)), 10_000);
        const check = () => {
          if (showsRowsFor(term)) {
            clearTimeout(give);
            resolve(performance.now());
          } else requestAnimationFrame(check);
        };
        // Not before the debounce could have fired.
        setTimeout(check, 250);
      });
    const times = [];
    for (const term of terms) {
      input.focus();
      asked = false;
      const start = performance.now();
      setValue.call(input, term);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      times.push({ term, ms: (await settled(term)) - start });
      if (document.activeElement !== input) throw new Error('the search box lost focus while the rows updated');
    }
    busyWatch.disconnect();
    return times;
  }, terms);
}

/** Search terms for the typing test: each differs from the one before, so each one queries. */
export const TYPING_TERMS = ['a', 'am', 'ame', 'son', 'so', 'lee', 'kim', 'gar', 'novak', 'em', 'iva', 'japan', 'wil', 'mia', 'zo', 'okaf', 'ro', 'ta', 'cohen', 'li', 'pat', 'ines'];
