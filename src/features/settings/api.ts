import { api } from '@/lib/api-client';
import type { AccountSettings, SettingsPatch } from '@schema/settings';
import type { Invoice } from '@schema/invoice';

/** The account's settings (GET /api/settings: defaults until the first save). */
export const getSettings = async (signal?: AbortSignal) => (await api.get<{ settings: AccountSettings }>('/api/settings', undefined, signal)).settings;

/** Replaces the sections sent, each whole (PATCH /api/settings). */
export const patchSettings = async (patch: SettingsPatch) => (await api.patch<{ settings: AccountSettings }>('/api/settings', {}, patch)).settings;

/** How many invoices the billing history lists. */
export const BILLING_HISTORY_SIZE = 10;

/** The account's newest invoices, newest first (the invoices list's own sort), and how many there are. */
export const getBillingHistory = (signal?: AbortSignal) =>
  api.get<{ invoices: Invoice[]; meta: { total: number } }>('/api/invoices', { sort: 'issueDate', order: 'desc', pageSize: BILLING_HISTORY_SIZE }, signal);
