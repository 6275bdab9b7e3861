import type { Resource } from './resource';

/** The BroadcastChannel the worker talks to open tabs on. */
export const CHANGE_CHANNEL = 'shop-admin-changes';

export type ChangeMessage =
  /** A write committed: tabs refresh what they show. */
  | { type: 'changed'; resource: Resource }
  /** The database schema is being upgraded by a newer version: tabs must reload. */
  | { type: 'versionchange' };
