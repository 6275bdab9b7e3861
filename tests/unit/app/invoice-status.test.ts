import { describe, expect, it } from 'vitest';
import { invoiceDisplayStatus, isOverdue, localDayKey } from '../../../src/lib/invoice-status';

/** Noon on a local calendar day, so the day does not depend on the machine's time zone. */
const localNoon = (year: number, month: number, day: number) => new Date(year, month - 1, day, 12);
const today = localNoon(2026, 5, 20);

describe('the overdue rule', () => {
  it('is overdue when pending and due before today', () => {
    expect(isOverdue({ status: 'pending', dueDate: '2026-05-19T00:00:00.000Z' }, today)).toBe(true);
    expect(isOverdue({ status: 'pending', dueDate: '2025-12-31T09:00:00.000Z' }, today)).toBe(true);
  });

  it('is not overdue on the due day itself, nor after it', () => {
    expect(isOverdue({ status: 'pending', dueDate: '2026-05-20T00:00:00.000Z' }, today)).toBe(false);
    expect(isOverdue({ status: 'pending', dueDate: '2026-05-20T23:30:00.000Z' }, today)).toBe(false);
    expect(isOverdue({ status: 'pending', dueDate: '2026-06-01T00:00:00.000Z' }, today)).toBe(false);
  });

  it('never marks a complete invoice overdue', () => {
    expect(isOverdue({ status: 'complete', dueDate: '2020-01-01T00:00:00.000Z' }, today)).toBe(false);
  });

  it('compares calendar days across a month and a year boundary', () => {
    expect(isOverdue({ status: 'pending', dueDate: '2026-12-31T00:00:00.000Z' }, localNoon(2027, 1, 1))).toBe(true);
    expect(isOverdue({ status: 'pending', dueDate: '2026-02-28T00:00:00.000Z' }, localNoon(2026, 3, 1))).toBe(true);
    expect(isOverdue({ status: 'pending', dueDate: '2026-03-01T00:00:00.000Z' }, localNoon(2026, 3, 1))).toBe(false);
  });

  it('gives the status the list shows', () => {
    expect(invoiceDisplayStatus({ status: 'pending', dueDate: '2026-05-01T00:00:00.000Z' }, today)).toBe('overdue');
    expect(invoiceDisplayStatus({ status: 'pending', dueDate: '2026-05-30T00:00:00.000Z' }, today)).toBe('pending');
    expect(invoiceDisplayStatus({ status: 'complete', dueDate: '2026-05-01T00:00:00.000Z' }, today)).toBe('complete');
  });

  it('writes the local day with two-digit month and day', () => {
    expect(localDayKey(localNoon(2026, 3, 7))).toBe('2026-03-07');
  });
});
