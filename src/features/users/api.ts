import { api } from '@/lib/api-client';
import type { User, UserInput } from '@schema/user';
import { resourceApi } from '@/components/data-table/resource-api';

/** The list kit's calls for users (list, ids, delete and restore, bulk, import). */
export const usersApi = resourceApi<User>('/api/users', 'users');
export const createUser = (input: UserInput) => api.post<{ user: User }>('/api/users', input);
export const updateUser = (id: number, input: UserInput) => api.put<{ user: User }>('/api/users', { id }, input);

// Forms and the profile (issue 8).
export const getUser = (id: number, signal?: AbortSignal) => api.get<{ user: User }>('/api/users', { id }, signal);

/** One write this account made on this device (GET /api/activity). */
export interface ActivityEntry {
  id: number;
  at: string;
  resource: string;
  action: 'created' | 'updated' | 'deleted' | 'restored' | 'imported' | 'status-changed';
  recordId: number | string | null;
  label: string;
  count: number;
}
export const listActivity = (limit: number, signal?: AbortSignal) => api.get<{ activity: ActivityEntry[] }>('/api/activity', { limit }, signal);
