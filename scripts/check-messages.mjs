#!/usr/bin/env node
// The message catalogues' check (part of `npm run lint`, docs/translations.md): every language
// has exactly English's keys, area by area; each message is valid ICU; a message's placeholders
// ({name}, plural and select arguments) and its plural/select kinds are the same in every
// language; every message id the app's code names exists in English, and every English message
// is used somewhere.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

// CHECK_MESSAGES_ROOT: another tree to check (the check's own test gives it one with known mistakes).
const root = process.env.CHECK_MESSAGES_ROOT ?? new URL('../', import.meta.url).pathname;
const messagesDir = join(root, 'src/i18n/messages');
const problems = [];

const locales = readdirSync(messagesDir).sort();
const catalog = (locale, area) => JSON.parse(readFileSync(join(messagesDir, locale, `${area}.json`), 'utf8'));
const areasOf = (locale) => readdirSync(join(messagesDir, locale)).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort();

/** A compiled message's arguments: "name", "count:plural", "kind:select". */
function argumentsOf(compiled, found = new Set()) {
  for (const token of compiled) {
    if (typeof token === 'string') continue;
    const [name, type, format] = token;
    found.add(type ? `${name}:${type}` : name);
    if (format && typeof format === 'object') for (const [key, choice] of Object.entries(format)) if (key !== 'offset' && Array.isArray(choice)) argumentsOf(choice, found);
  }
  return found;
}

const english = {};
for (const area of areasOf('en')) english[area] = catalog('en', area);

for (const locale of locales) {
  const areas = areasOf(locale);
  for (const area of areas) if (!english[area]) problems.push(`${locale}/${area}.json: no such area in English`);
  for (const area of Object.keys(english)) {
    if (!areas.includes(area)) {
      problems.push(`${locale}/${area}.json: missing`);
      continue;
    }
    const messages = catalog(locale, area);
    for (const id of Object.keys(english[area])) if (!(id in messages)) problems.push(`${locale}/${area}.json: "${id}" is missing`);
    for (const [id, message] of Object.entries(messages)) {
      if (!(id in english[area])) {
        problems.push(`${locale}/${area}.json: "${id}" is not in English`);
        continue;
      }
      if (!id.startsWith(`${area}.`)) problems.push(`${locale}/${area}.json: "${id}" must start with "${area}."`);
      let compiled;
      try {
        compiled = compileMessageOrThrow(message);
      } catch (error) {
        problems.push(`${locale}/${area}.json: "${id}" is not valid ICU: ${String(error.message).split('\n')[0]}`);
        continue;
      }
      if (locale === 'en') continue;
      const want = [...argumentsOf(compileMessageOrThrow(english[area][id]))].sort().join(', ');
      const have = [...argumentsOf(compiled)].sort().join(', ');
      if (want !== have) problems.push(`${locale}/${area}.json: "${id}" has placeholders {${have}}, English has {${want}}`);
    }
  }
}

// The ids the code names: string literals "<area>.<rest>" of a known area, in src/.
const areaNames = Object.keys(english);
const idPattern = new RegExp(`['"\`]((?:${areaNames.join('|')})\\.[A-Za-z0-9_.-]+)['"\`]`, 'g');
const used = new Set();
const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? (entry.name === 'messages' ? [] : walk(join(dir, entry.name))) : /\.(ts|tsx)$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
for (const file of walk(join(root, 'src'))) {
  const text = readFileSync(file, 'utf8');
  for (const [, id] of text.matchAll(idPattern)) {
    const area = id.split('.')[0];
    // A prefix of ids (src/i18n/start-messages.ts lists some): some English id must start with it.
    if (id.endsWith('.')) {
      if (!Object.keys(english[area]).some((known) => known.startsWith(id))) problems.push(`${file.slice(root.length)}: no id of src/i18n/messages/en/${area}.json starts with "${id}"`);
      continue;
    }
    used.add(id);
    if (!(id in english[area])) problems.push(`${file.slice(root.length)}: "${id}" is not in src/i18n/messages/en/${area}.json`);
  }
}
// The errors' messages are named by their codes (domain/error-codes.ts), not as literals.
const errorCodes = new Set([...readFileSync(join(root, 'domain/error-codes.ts'), 'utf8').matchAll(/^ {2}(\w+): ['"`]/gm)].map(([, code]) => `errors.${code}`));
for (const id of errorCodes) used.add(id);
for (const [area, messages] of Object.entries(english))
  for (const id of Object.keys(messages)) if (!used.has(id)) problems.push(`en/${area}.json: "${id}" is used nowhere in src/ (name ids in full, as string literals)`);

if (problems.length > 0) {
  console.error(`Message catalogues: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`Message catalogues: ${locales.length} languages, ${Object.values(english).reduce((n, m) => n + Object.keys(m).length, 0)} messages, all consistent.`);
