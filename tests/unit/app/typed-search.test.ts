import { describe, expect, it } from 'vitest';
import { mustWrite, NOT_TYPING, typing, type TypingEvent, type TypingState } from '@/components/data-table/typed-search';

const run = (events: TypingEvent[], from: TypingState = NOT_TYPING) => events.reduce(typing, from);

describe('search as you type, between the list and its URL', () => {
  it('shows typed text until its own URL write has finished, then the URL rules', () => {
    let state = run([{ type: 'typed', text: 'li', url: '' }]);
    expect(state.typed?.text).toBe('li');
    expect(mustWrite(state)).toBe(true);
    state = run([{ type: 'writing', text: 'li' }], state);
    expect(mustWrite(state)).toBe(false);
    // The router lands the write: still typing until the navigation resolves.
    state = run([{ type: 'url', url: 'li' }], state);
    expect(state.typed?.text).toBe('li');
    state = run([{ type: 'written', text: 'li' }], state);
    expect(state).toEqual(NOT_TYPING);
  });

  it('keeps newer text when an older write lands late, then writes the newer text', () => {
    // "li" is being written (a slow navigation) when "pat" is typed.
    let state = run([
      { type: 'typed', text: 'li', url: 'cohen' },
      { type: 'writing', text: 'li' },
      { type: 'typed', text: 'pat', url: 'cohen' },
      { type: 'url', url: 'li' },
    ]);
    expect(state.typed).toEqual({ text: 'pat', url: 'li' });
    state = run([{ type: 'written', text: 'li' }], state);
    expect(state.typed?.text).toBe('pat');
    expect(mustWrite(state)).toBe(true);
    state = run([{ type: 'writing', text: 'pat' }, { type: 'url', url: 'pat' }, { type: 'written', text: 'pat' }], state);
    expect(state).toEqual(NOT_TYPING);
  });

  it('drops typed text when the URL moves by other means (back/forward)', () => {
    const state = run([
      { type: 'typed', text: 'pat', url: 'li' },
      { type: 'url', url: 'kim' },
    ]);
    expect(state.typed).toBeNull();
  });

  it('typing back to the URL’s search leaves typing, unless a write is about to move the URL', () => {
    expect(run([{ type: 'typed', text: 'li', url: 'cohen' }, { type: 'typed', text: 'cohen', url: 'cohen' }]).typed).toBeNull();
    const state = run([
      { type: 'typed', text: 'li', url: 'cohen' },
      { type: 'writing', text: 'li' },
      { type: 'typed', text: 'cohen', url: 'cohen' },
    ]);
    expect(state.typed?.text).toBe('cohen');
    // "li" lands, then "cohen" is written back.
    const after = run([{ type: 'url', url: 'li' }, { type: 'written', text: 'li' }], state);
    expect(after.typed).toEqual({ text: 'cohen', url: 'li' });
    expect(mustWrite(after)).toBe(true);
  });

  it('returns the same state when the URL has not changed (the list applies it while rendering)', () => {
    const state = run([{ type: 'typed', text: 'li', url: '' }]);
    expect(typing(state, { type: 'url', url: '' })).toBe(state);
    expect(typing(NOT_TYPING, { type: 'url', url: 'x' })).toBe(NOT_TYPING);
  });

  it('Reset and Clear filters leave typing', () => {
    expect(run([{ type: 'typed', text: 'li', url: '' }, { type: 'cleared' }]).typed).toBeNull();
  });
});
