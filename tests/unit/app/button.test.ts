import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Button, buttonClass, type ButtonSize, type ButtonVariant } from '@/components/button';

const VARIANTS: readonly ButtonVariant[] = ['primary', 'secondary', 'danger', 'dangerOutline', 'toggle', 'icon', 'iconDanger', 'ghost', 'ghostDanger', 'link'];
const SIZES: readonly ButtonSize[] = ['md', 'sm', 'narrow'];

const classesOf = (html: string): string[] => /class="([^"]*)"/.exec(html)?.[1]?.split(' ') ?? [];

/**
 * The property group a utility sets, under its variants (`dark:hover:`), for the groups two
 * of our classes could both set: the later one in Tailwind's stylesheet would win, not the one meant.
 */
function propertyGroup(utility: string): string | null {
  const parts = utility.split(':');
  const base = parts.pop() ?? '';
  const prefix = parts.join(':');
  const group = [
    [/^px-/, 'padding-x'],
    [/^py-/, 'padding-y'],
    [/^bg-/, 'background'],
    [/^border-(?!\d)[a-z]/, 'border-colour'],
    [/^text-(xs|sm|base|lg|xl)$/, 'font-size'],
    [/^text-/, 'text-colour'],
    [/^opacity-/, 'opacity'],
    [/^font-/, 'font-weight'],
    [/^(inline-flex|inline-block|flex|block)$/, 'display'],
    [/^gap-/, 'gap'],
  ].find(([pattern]) => (pattern as RegExp).test(base))?.[1];
  return group === undefined ? null : `${prefix}|${group as string}`;
}

describe('Button', () => {
  it('renders a type="button" with the variant and size classes and passes every other prop on', () => {
    // data-* attributes are JSX's; an object literal has to bring them in by spreading.
    const data = { 'data-testid': 'save' };
    const html = renderToStaticMarkup(createElement(Button, { variant: 'primary', 'aria-label': 'Save order', ...data, disabled: true }, 'Save'));
    expect(html).toMatch(/^<button type="button" aria-label="Save order" data-testid="save" disabled class="[^"]+">Save<\/button>$/);
    const classes = classesOf(html);
    expect(classes).toEqual(expect.arrayContaining(['bg-indigo-600', 'text-white', 'px-3', 'py-1.5', 'focus-visible:ring-2']));
  });

  it('keeps a given type (a form submit)', () => {
    expect(renderToStaticMarkup(createElement(Button, { type: 'submit' }, 'Send'))).toMatch(/^<button type="submit"/);
  });

  it('is an outlined secondary button unless told otherwise', () => {
    const classes = classesOf(renderToStaticMarkup(createElement(Button, null, 'Cancel')));
    expect(classes).toEqual(expect.arrayContaining(['border', 'border-slate-300', 'text-slate-700', 'hover:bg-slate-100']));
    expect(classes).not.toContain('bg-indigo-600');
  });

  it('adds a className after the variant classes', () => {
    const classes = classesOf(renderToStaticMarkup(createElement(Button, { variant: 'secondary', className: 'w-full' }, 'Go')));
    expect(classes.at(-1)).toBe('w-full');
  });

  it.each(VARIANTS)('renders the %s variant in every size with no class set twice and no two classes setting one property', (variant) => {
    for (const size of SIZES) {
      const classes = classesOf(renderToStaticMarkup(createElement(Button, { variant, size }, 'x')));
      expect(new Set(classes).size, `${variant}/${size}: a class twice`).toBe(classes.length);
      const groups = classes.map(propertyGroup).filter((group) => group !== null);
      expect(groups.filter((group, index) => groups.indexOf(group) !== index), `${variant}/${size}: classes that set one property`).toEqual([]);
    }
  });

  it('gives icon buttons their own square size, whatever size is asked', () => {
    for (const variant of ['icon', 'iconDanger'] as const) {
      const classes = buttonClass({ variant, size: 'sm' }).split(' ');
      expect(classes).toContain('size-10');
      expect(classes.some((name) => name.startsWith('px-') || name.startsWith('py-'))).toBe(false);
    }
  });

  it('turns a toggle indigo while pressed', () => {
    const html = renderToStaticMarkup(createElement(Button, { variant: 'toggle', 'aria-pressed': true }, 'Yes'));
    expect(html).toContain('aria-pressed="true"');
    expect(classesOf(html)).toEqual(expect.arrayContaining(['aria-pressed:bg-indigo-50', 'aria-pressed:text-indigo-700']));
  });

  it('styles a link like the same button', () => {
    const link = buttonClass({ variant: 'secondary', className: 'inline-block' });
    const button = classesOf(renderToStaticMarkup(createElement(Button, { variant: 'secondary' }, 'x')));
    expect(link).toBe(`${button.join(' ')} inline-block`);
    const html = renderToStaticMarkup(createElement('a', { href: '/orders/new', className: buttonClass({ variant: 'primary' }) }, 'New order'));
    expect(html).toContain('bg-indigo-600');
  });
});
