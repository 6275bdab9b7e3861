/*
 * The sync protocol: what travels between a device's worker and the shop server (docs/sync.md).
 * Both ends import it, so a change here is a type error on both sides. Zod schemas, with their
 * inferred types: the server validates requests with them (server/routes), the worker and the
 * app read the answers as their types.
 */
export * from './roles';
export * from './mutation-name';
export * from './mutation';
export * from './push';
export * from './pull';
export * from './team';
export * from './audit-changes';
