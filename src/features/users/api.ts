import { api } from '@/lib/api-client';
import type { User, UserInput } from '@schema/user';
import type { UserList, UsersSearch } from './data/schema';

export const listUsers = (search: UsersSearch, signal?: AbortSignal) => api.get<UserList>('/api/users', search, signal);
export const createUser = (input: UserInput) => api.post<{ user: User }>('/api/users', input);
export const updateUser = (id: number, input: UserInput) => api.put<{ user: User }>('/api/users', { id }, input);
export const deleteUser = (id: number) => api.delete<{ user: User }>('/api/users', { id });

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
