import { ApiError } from '../../domain/errors';

/** A refusal for now (429 too many, 503 busy): the answer carries `Retry-After`, which the worker honours. */
export class RetryLater extends ApiError {
  constructor(
    status: 429 | 503,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(status, message);
  }
}
