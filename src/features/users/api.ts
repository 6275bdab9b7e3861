import { api } from '@/lib/api-client';
import type { User, UserInput } from '@schema/user';
import type { UserList, UsersSearch } from './data/schema';

export const listUsers = (search: UsersSearch, signal?: AbortSignal) => api.get<UserList>('/api/users', search, signal);
export const createUser = (input: UserInput) => api.post<{ user: User }>('/api/users', input);
export const updateUser = (id: number, input: UserInput) => api.put<{ user: User }>('/api/users', { id }, input);
export const deleteUser = (id: number) => api.delete<{ user: User }>('/api/users', { id });
