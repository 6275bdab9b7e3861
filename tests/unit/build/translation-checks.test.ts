import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * The two checks of `npm run lint` that keep the app translated (docs/translations.md) bite:
 * the literal-text rule reports text a person reads written in a component, and the catalogues'
 * check fails on a missing id, a changed placeholder, broken ICU and an id the code names that
 * English lacks.
 */

const eslint = new ESLint();
const literalText = async (source: string) => {
  const [result] = await eslint.lintText(source, { filePath: 'src/features/orders/x.tsx' });
  return result!.messages.filter((message) => message.ruleId === 'translations/no-literal-text').map((message) => message.message);
};

describe('the literal-text rule', () => {
  it('reports JSX text, a string child and a read attribute; not ids through t() nor symbols', async () => {
    expect(await literalText("export const A = () => <p>Orders</p>;")).toHaveLength(1);
    expect(await literalText("export const A = () => <p>{'Orders'}</p>;")).toHaveLength(1);
    expect(await literalText('export const A = () => <button aria-label="Close" />;')).toHaveLength(1);
    expect(await literalText('export const A = () => <input placeholder={`Search…`} />;')).toHaveLength(1);
    expect(await literalText("declare const t: (id: string) => string;\nexport const A = () => <p title={t('orders.list.title')}>{t('orders.list.title')} · 3 ›</p>;")).toEqual([]);
  });
});

const run = promisify(execFile);
const trees: string[] = [];
afterAll(() => trees.forEach((tree) => rmSync(tree, { recursive: true, force: true })));

/** A tree with English and Spanish catalogues of one area and a source file naming ids. */
function tree(english: Record<string, string>, spanish: Record<string, string>, source: string): string {
  const root = mkdtempSync(join(tmpdir(), 'check-messages-'));
  trees.push(root);
  for (const [locale, messages] of [['en', english], ['es', spanish]] as const) {
    mkdirSync(join(root, 'src/i18n/messages', locale), { recursive: true });
    writeFileSync(join(root, 'src/i18n/messages', locale, 'orders.json'), JSON.stringify(messages));
  }
  mkdirSync(join(root, 'domain'), { recursive: true });
  writeFileSync(join(root, 'domain/error-codes.ts'), 'export const ERROR_MESSAGES = {};\n');
  writeFileSync(join(root, 'src/orders.ts'), source);
  return root;
}

async function checkMessages(root: string): Promise<{ ok: boolean; output: string }> {
  try {
    const { stdout } = await run('node', ['scripts/check-messages.mjs'], { env: { ...process.env, CHECK_MESSAGES_ROOT: root } });
    return { ok: true, output: stdout };
  } catch (error) {
    return { ok: false, output: String((error as { stderr?: string }).stderr) };
  }
}

describe('the catalogues’ check', () => {
  const used = "t('orders.count'); t('orders.title');";
  it('passes consistent catalogues', async () => {
    const result = await checkMessages(tree({ 'orders.title': 'Orders', 'orders.count': '{count, plural, one {# order} other {# orders}}' }, { 'orders.title': 'Pedidos', 'orders.count': '{count, plural, one {# pedido} other {# pedidos}}' }, used));
    expect(result).toMatchObject({ ok: true });
  });

  it('fails on a missing id, another placeholder, broken ICU and an id English lacks', async () => {
    const missing = await checkMessages(tree({ 'orders.title': 'Orders', 'orders.count': '{count} orders' }, { 'orders.count': '{count} pedidos' }, used));
    expect(missing.ok).toBe(false);
    expect(missing.output).toContain('"orders.title" is missing');
    const placeholder = await checkMessages(tree({ 'orders.title': 'Orders', 'orders.count': '{count} orders' }, { 'orders.title': 'Pedidos', 'orders.count': '{total} pedidos' }, used));
    expect(placeholder.output).toContain('has placeholders {total}, English has {count}');
    const broken = await checkMessages(tree({ 'orders.title': 'Orders', 'orders.count': '{count} orders' }, { 'orders.title': 'Pedidos', 'orders.count': '{count pedidos' }, used));
    expect(broken.output).toContain('is not valid ICU');
    const unknown = await checkMessages(tree({ 'orders.title': 'Orders', 'orders.count': '{count} orders' }, { 'orders.title': 'Pedidos', 'orders.count': '{count} pedidos' }, `${used} t('orders.gone');`));
    expect(unknown.output).toContain('"orders.gone" is not in src/i18n/messages/en/orders.json');
  });
});
