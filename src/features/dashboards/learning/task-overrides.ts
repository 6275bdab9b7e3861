/**
 * The optimistic state of the task checklist: a tick shows at once, is kept while its
 * PATCH is in flight, and after it succeeded until the next answer of the dashboard
 * (which then says the same); a failed PATCH drops it, so the box goes back.
 */
export interface TaskOverride<Source> {
  done: boolean;
  /** The PATCH has not answered yet. */
  pending: boolean;
  /** The dashboard answer the tick was made on: a newer answer supersedes a settled tick. */
  source: Source;
}

export type TaskOverrides<Source> = ReadonlyMap<number, TaskOverride<Source>>;

/** Whether the task shows as done: its pending or current tick, else what the API said. */
export function shownDone<Source>(overrides: TaskOverrides<Source>, id: number, apiDone: boolean, current: Source): boolean {
  const override = overrides.get(id);
  if (!override || (!override.pending && override.source !== current)) return apiDone;
  return override.done;
}

export function withTick<Source>(overrides: TaskOverrides<Source>, id: number, done: boolean, source: Source): TaskOverrides<Source> {
  return new Map(overrides).set(id, { done, pending: true, source });
}

/**
 * The PATCH answered: a success keeps the tick until an answer newer than `current` (the one
 * shown now), a failure rolls it back.
 */
export function settled<Source>(overrides: TaskOverrides<Source>, id: number, done: boolean, ok: boolean, current: Source): TaskOverrides<Source> {
  const override = overrides.get(id);
  // A newer tick of the same task is in charge now.
  if (!override || override.done !== done) return overrides;
  const next = new Map(overrides);
  if (ok) next.set(id, { done, pending: false, source: current });
  else next.delete(id);
  return next;
}
