/** Whether a failure is only the transaction's abort showing (an aborted request, or a bulk write of aborted requests). */
function isAbortEcho(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'AbortError') return true;
  const failures = (error as Error & { failures?: unknown }).failures;
  return error.name === 'BulkError' && Array.isArray(failures) && failures.every(isAbortEcho);
}

/**
 * Requests made together in one transaction, awaited all: when some fail, the failure thrown
 * is the cause (the one that aborted the transaction, e.g. out of space), not another request
 * aborted with it, so the caller's answer (507, 503) is the one a single request would give.
 */
export async function allRequests<T extends readonly unknown[]>(requests: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(requests);
  const failures = settled.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
  if (failures.length > 0) {
    throw failures.find((error) => !isAbortEcho(error)) ?? failures.find((error) => !(error instanceof Error && error.name === 'BulkError')) ?? failures[0];
  }
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as { -readonly [K in keyof T]: Awaited<T[K]> };
}

/** The items that pass the test, and those that do not. */
export function partition<T>(items: readonly T[], test: (item: T) => boolean): [T[], T[]] {
  const passed: T[] = [];
  const failed: T[] = [];
  for (const item of items) (test(item) ? passed : failed).push(item);
  return [passed, failed];
}
