import { describe, expect, it } from 'vitest';
import { nextActive } from '@/components/dashboard/charts/chart-keys';
import { settled, shownDone, withTick, type TaskOverrides } from '@/features/dashboards/learning/task-overrides';

describe('nextActive (a chart tooltip from the keyboard)', () => {
  it('walks the points with the arrows and wraps', () => {
    expect(nextActive('ArrowRight', null, 3, false)).toBe(0);
    expect(nextActive('ArrowRight', 2, 3, false)).toBe(0);
    expect(nextActive('ArrowLeft', 0, 3, false)).toBe(2);
    expect(nextActive('ArrowDown', 1, 3, false)).toBe(2);
    expect(nextActive('ArrowUp', 1, 3, false)).toBe(0);
    expect(nextActive('Home', 2, 3, false)).toBe(0);
    expect(nextActive('End', 0, 3, false)).toBe(2);
  });
  it('follows the drawing in RTL, where time runs right to left', () => {
    expect(nextActive('ArrowLeft', 0, 3, true)).toBe(1);
    expect(nextActive('ArrowRight', 1, 3, true)).toBe(0);
  });
  it('ignores other keys and empty charts', () => {
    expect(nextActive('a', 1, 3, false)).toBeNull();
    expect(nextActive('ArrowRight', null, 0, false)).toBeNull();
  });
});

describe('task overrides (optimistic ticks)', () => {
  const first = { answer: 1 };
  const second = { answer: 2 };
  const none: TaskOverrides<object> = new Map();

  it('shows a tick at once, while the save is in flight, even across a newer answer', () => {
    const ticked = withTick(none, 7, true, first);
    expect(shownDone(ticked, 7, false, first)).toBe(true);
    expect(shownDone(ticked, 7, false, second)).toBe(true);
    expect(shownDone(ticked, 8, false, first)).toBe(false);
  });
  it('keeps a saved tick until a newer answer, which then speaks for itself', () => {
    const saved = settled(withTick(none, 7, true, first), 7, true, true, first);
    expect(shownDone(saved, 7, false, first)).toBe(true);
    expect(shownDone(saved, 7, true, second)).toBe(true);
    expect(shownDone(saved, 7, false, second)).toBe(false);
  });
  it('rolls a failed save back to what the API said', () => {
    const failed = settled(withTick(none, 7, true, first), 7, true, false, first);
    expect(failed.has(7)).toBe(false);
    expect(shownDone(failed, 7, false, first)).toBe(false);
  });
  it('lets the latest tick of a task win over an earlier save answering late', () => {
    const twice = withTick(withTick(none, 7, true, first), 7, false, first);
    const lateFailure = settled(twice, 7, true, false, first);
    expect(lateFailure).toBe(twice);
    expect(shownDone(lateFailure, 7, true, first)).toBe(false);
  });
});
