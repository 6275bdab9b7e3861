import { z } from 'zod';
import { ApiError, INVALID_REQUEST, readJsonObject } from '../http';

/** A bulk body may be larger than the 1 MB other bodies are held to: 5,000 rows are a few MB of JSON. */
const MAX_BULK_BODY_BYTES = 16_000_000;
/** At most this many issues are named in the message (all are listed, up to 100, in `issues`). */
const ISSUES_IN_MESSAGE = 5;
const ISSUES_LISTED = 100;

type Issue = { path: string; message: string };

/** A 400 naming the first few issues in its message and listing up to 100. */
export function invalidRows(issues: Issue[]): ApiError {
  const named = issues.slice(0, ISSUES_IN_MESSAGE).map((i) => `${i.path}: ${i.message}`);
  const more = issues.length > ISSUES_IN_MESSAGE ? `; and ${issues.length - ISSUES_IN_MESSAGE} more` : '';
  return new ApiError(400, `${INVALID_REQUEST}: ${named.join('; ')}${more}`, issues.slice(0, ISSUES_LISTED));
}

const issuePath = (path: ReadonlyArray<PropertyKey>) => path.map(String).join('.') || '(body)';

interface BulkBodyShape {
  /** The body's array field, named after the resource (`orders`, `users`). */
  field: string;
  /** One row, in the messages (`order`, `user`). */
  noun: string;
  max: number;
  /** Whether `dryRun: true` (validate only) is accepted. */
  dryRun?: boolean;
}

/** Reads `{ <field>: [...] }` (and `dryRun` where accepted); the rows are not validated yet. */
export async function readBulkBody(request: Request, { field, noun, max, dryRun = false }: BulkBodyShape): Promise<{ rows: unknown[]; dryRun: boolean }> {
  const rowsSchema = z.array(z.unknown()).min(1, `Send at least one ${noun}`).max(max, `At most ${max} ${field} per call`);
  const schema = z.object({ [field]: rowsSchema, ...(dryRun ? { dryRun: z.boolean().optional() } : {}) }).strict();
  const body = schema.safeParse(await readJsonObject(request, MAX_BULK_BODY_BYTES));
  if (!body.success) throw invalidRows(body.error.issues.map((i) => ({ path: issuePath(i.path), message: i.message })));
  const fields = body.data as Record<string, unknown>;
  return { rows: fields[field] as unknown[], dryRun: fields.dryRun === true };
}

/**
 * Every row checked against the schema before anything is written: one bad row rejects
 * the call with a 400 naming `<field>.<index>.<path>`. Returns zod's outputs (new objects,
 * which callers may complete in place and store).
 */
export function validateRows<S extends z.ZodType>(schema: S, rows: readonly unknown[], field: string): Array<z.output<S>> {
  const checked = new RowCheck(schema, field);
  checked.check(rows, 0, rows.length);
  return checked.result();
}

/** Rows checked per slice by `validateRowsInSlices`. */
const ROWS_PER_SLICE = 500;

/**
 * `validateRows`, letting other work of the worker run every `perSlice` rows (a task
 * boundary). Checking an import call's 5,000 orders takes tens of ms in one go; while it
 * runs, the IndexedDB requests of the call before it (whose write the order store runs one at
 * a time) wait for their answers, so the writes, which are the import's bottleneck, stall.
 */
export async function validateRowsInSlices<S extends z.ZodType>(schema: S, rows: readonly unknown[], field: string, perSlice = ROWS_PER_SLICE): Promise<Array<z.output<S>>> {
  const checked = new RowCheck(schema, field);
  for (let from = 0; from < rows.length; from += perSlice) {
    if (from > 0) await nextTask();
    checked.check(rows, from, Math.min(rows.length, from + perSlice));
  }
  return checked.result();
}

/** Rows checked one by one: the valid ones' outputs, every issue. */
class RowCheck<S extends z.ZodType> {
  private readonly valid: Array<z.output<S>> = [];
  private readonly issues: Issue[] = [];

  constructor(
    private readonly schema: S,
    private readonly field: string,
  ) {}

  check(rows: readonly unknown[], from: number, to: number): void {
    for (let index = from; index < to; index++) {
      const result = this.schema.safeParse(rows[index]);
      if (result.success) this.valid.push(result.data);
      else for (const issue of result.error.issues) this.issues.push({ path: issuePath([this.field, index, ...issue.path]), message: issue.message });
    }
  }

  /** The outputs; throws the 400 when any row had an issue. */
  result(): Array<z.output<S>> {
    if (this.issues.length > 0) throw invalidRows(this.issues);
    return this.valid;
  }
}

/** Resolves in a later task (a message to itself: unlike a timer's, not delayed when repeated). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
