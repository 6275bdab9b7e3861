import type { FastifyInstance, FastifySchemaValidationError } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** The part of a request a schema checks, as Fastify names it in its errors. */
export type RequestPart = 'params' | 'querystring' | 'body' | 'headers';

/** Issues past this many are counted, not listed: a 500-mutation push may have 500 bad ids. */
const LISTED = 10;

/** `body/mutations/0/id: Too small: expected number to be >=1; …`: each refused field by its path. */
export function describeIssues(errors: ReadonlyArray<Pick<FastifySchemaValidationError, 'instancePath' | 'message'>>, part: string): string {
  const listed = errors.slice(0, LISTED).map((error) => `${part}${error.instancePath === '/' ? '' : error.instancePath}: ${error.message ?? 'invalid'}`);
  if (errors.length > LISTED) listed.push(`and ${errors.length - LISTED} more`);
  return listed.join('; ');
}

/** The error Fastify makes of a refused request part: errors.ts answers it 400 `Invalid request: …`. */
export function validationError(errors: FastifySchemaValidationError[], part: string): Error & { statusCode: number; validation: FastifySchemaValidationError[] } {
  return Object.assign(new Error(describeIssues(errors, part)), { statusCode: 400, code: 'FST_ERR_VALIDATION', validation: errors, validationContext: part });
}

/** A request part checked outside Fastify's validation (a route guard, before the body is read): the same error. */
export function checkPart<S extends z.ZodType>(schema: S, value: unknown, part: RequestPart): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw validationError(
    result.error.issues.map((issue) => ({ keyword: issue.code, instancePath: `/${issue.path.join('/')}`, schemaPath: '', params: {}, message: issue.message })),
    part,
  );
}

/**
 * Requests are checked with the routes' zod schemas (domain/contract/sync-protocol): strict
 * objects refuse unknown fields, and nothing is coerced ("5" is not 5).
 */
export function useZodSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  // Answers are not checked at run time (a pull page is megabytes): the response schemas type the handlers' returns at compile time.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.setSchemaErrorFormatter((errors, part) => validationError(errors, part));
}
