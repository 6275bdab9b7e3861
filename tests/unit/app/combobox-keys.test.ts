import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { comboboxKeyOutcome, type ComboboxListFacts } from '@/components/form/combobox-keys';
import { ComboboxField } from '@/components/form/combobox-field';

const closed = { open: false, active: -1 };
const facts = (overrides: Partial<ComboboxListFacts> = {}): ComboboxListFacts => ({ count: 3, ready: true, openingIndex: () => -1, ...overrides });

describe('a combobox\'s keys (comboboxKeyOutcome)', () => {
  it('opens the list with ↓ or ↑ at the option the box chooses', () => {
    const openingIndex = (key: string) => (key === 'ArrowUp' ? 2 : 1);
    expect(comboboxKeyOutcome('ArrowDown', closed, facts({ openingIndex }))).toEqual({ handled: true, state: { open: true, active: 1 } });
    expect(comboboxKeyOutcome('ArrowUp', closed, facts({ openingIndex }))).toEqual({ handled: true, state: { open: true, active: 2 } });
  });

  it('moves through an open list with ↓ and ↑, wrapping, from none to the first or last', () => {
    expect(comboboxKeyOutcome('ArrowDown', { open: true, active: 2 }, facts())?.state).toEqual({ open: true, active: 0 });
    expect(comboboxKeyOutcome('ArrowUp', { open: true, active: 0 }, facts())?.state).toEqual({ open: true, active: 2 });
    expect(comboboxKeyOutcome('ArrowDown', { open: true, active: -1 }, facts())?.state).toEqual({ open: true, active: 0 });
    expect(comboboxKeyOutcome('ArrowUp', { open: true, active: -1 }, facts())?.state).toEqual({ open: true, active: 2 });
    // Nothing listed: the arrows are still the list's, and nothing becomes active.
    expect(comboboxKeyOutcome('ArrowDown', { open: true, active: -1 }, facts({ count: 0 }))).toEqual({ handled: true, state: { open: true, active: -1 } });
  });

  it('picks the active option with Enter, and leaves Enter to the form otherwise', () => {
    expect(comboboxKeyOutcome('Enter', { open: true, active: 1 }, facts())).toEqual({ handled: true, pick: 1 });
    expect(comboboxKeyOutcome('Enter', { open: true, active: -1 }, facts())).toBeNull();
    expect(comboboxKeyOutcome('Enter', { open: false, active: 1 }, facts())).toBeNull();
    // The options are still being searched: the highlighted one may be an old answer's.
    expect(comboboxKeyOutcome('Enter', { open: true, active: 1 }, facts({ ready: false }))).toBeNull();
    expect(comboboxKeyOutcome('Enter', { open: true, active: 5 }, facts())).toBeNull();
  });

  it('closes the list with Escape, then restores the text with a second', () => {
    expect(comboboxKeyOutcome('Escape', { open: true, active: 1 }, facts())).toEqual({ handled: true, state: { open: false, active: -1 } });
    expect(comboboxKeyOutcome('Escape', closed, facts())).toEqual({ handled: false, restore: true });
  });

  it('leaves typing and the caret keys to the box', () => {
    for (const key of ['a', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'Tab', ' ']) expect(comboboxKeyOutcome(key, { open: true, active: 1 }, facts())).toBeNull();
  });
});

describe('ComboboxField markup', () => {
  it('is a closed combobox tied to its named listbox, with every option and the pick selected', () => {
    const html = renderToStaticMarkup(createElement(ComboboxField, { label: 'Country', options: ['Iceland', 'Norway'], value: 'Norway', onChange: () => undefined }));
    const input = /<input[^>]*>/.exec(html)?.[0] ?? '';
    expect(input).toContain('role="combobox"');
    expect(input).toContain('aria-expanded="false"');
    expect(input).toContain('aria-autocomplete="list"');
    expect(input).not.toContain('aria-activedescendant');
    const listId = /aria-controls="([^"]+)"/.exec(input)?.[1];
    expect(listId).toBeTruthy();
    expect(html).toMatch(new RegExp(`<ul id="${listId}" role="listbox" aria-label="Country" hidden[ >]`));
    expect(html).toMatch(/<li id="[^"]+-option-1" role="option"[^>]*aria-selected="true"[^>]*>Norway<\/li>/);
    expect(html).toMatch(/<li id="[^"]+-option-0" role="option"[^>]*aria-selected="false"[^>]*>Iceland<\/li>/);
  });

  it('is a form field: named, required, and tied to its error', () => {
    const html = renderToStaticMarkup(
      createElement(ComboboxField, { label: 'Country', options: ['Iceland'], value: '', onChange: () => undefined, name: 'country', required: true, error: 'Choose a country' }),
    );
    const input = /<input[^>]*>/.exec(html)?.[0] ?? '';
    const inputId = /id="([^"]+)"/.exec(input)?.[1];
    expect(input).toContain('name="country"');
    expect(input).toContain('aria-required="true"');
    expect(input).toContain('aria-invalid="true"');
    expect(input).toContain(`aria-describedby="${inputId}-error"`);
    expect(html).toContain(`id="${inputId}-error"`);
  });
});
