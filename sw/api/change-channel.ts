import type { Resource } from './context';

/** The BroadcastChannel the worker announces committed writes on. */
export const CHANGE_CHANNEL = 'shop-admin-changes';
export interface ChangeMessage {
  resource: Resource;
}
