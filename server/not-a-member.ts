import { ApiError } from '../domain/errors';
import { NOT_A_MEMBER } from '../domain/sync/membership';

/** The same answer for a shop that does not exist and one the caller is not in: nothing is revealed. */
export const notAMember = () => new ApiError(403, NOT_A_MEMBER);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);
