import { api } from '@/lib/api-client';
import type { User, UserInput } from '@schema/user';
import { resourceApi } from '@/components/data-table/resource-api';

/** The list kit's calls for users (list, ids, delete and restore, bulk, import). */
export const usersApi = resourceApi<User>('/api/users', 'users');
export const createUser = (input: UserInput) => api.post<{ user: User }>('/api/users', input);
export const updateUser = (id: number, input: UserInput) => api.put<{ user: User }>('/api/users', { id }, input);
export const deleteUser = (id: number) => api.delete<{ user: User }>('/api/users', { id });
