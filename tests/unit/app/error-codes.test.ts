import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, describeError, errorBody } from '../../../domain/error-codes';
import { ORDER_NOT_FOUND } from '../../../domain/writes/orders';
import { PRODUCT_NOT_FOUND, productCodeTaken } from '../../../domain/writes/products';
import { NOT_AN_IMAGE, FILE_TOO_LARGE } from '../../../domain/writes/files';
import { NOT_A_MEMBER } from '../../../domain/sync/membership';
import { CUSTOMER_GONE, customerRefusal } from '../../../domain/sync/customer-writes';
import { OUT_OF_SPACE, WRITE_INTERRUPTED } from '../../../sw/api/router';
import { NOT_SHARED, TOO_LARGE_TO_SHARE } from '../../../sw/sync/outbox';
import { COPY_NOT_EMPTY, FIRST_SYNC_NEEDED, NOTHING_TO_UPLOAD } from '../../../sw/sync/upload';
import { SHOP_SERVER_UNREACHABLE, ApiRequestError } from '@/lib/api-client';
import { messageOf, translatedError } from '@/lib/error-message';
import { translatedMessage } from '@/lib/translated-message';
import { activateLocale, loadArea } from '@/i18n/i18n';

// The errors' area in every language (the app's root route loads it for a signed-in person).
await Promise.all((['es', 'de', 'ar'] as const).map((locale) => loadArea(locale, 'errors')));

const catalogue = (locale: string) => JSON.parse(readFileSync(new URL(`../../../src/i18n/messages/${locale}/errors.json`, import.meta.url), 'utf8')) as Record<string, string>;

describe('error codes', () => {
  it("keeps the English catalogue's errors word for word the back end's (one list, domain/error-codes.ts)", () => {
    const english = catalogue('en');
    for (const [code, message] of Object.entries(ERROR_MESSAGES)) expect(english[`errors.${code}`], code).toBe(message);
  });

  it('gives the messages the worker and the server answer with their codes', () => {
    const codes = [ORDER_NOT_FOUND, PRODUCT_NOT_FOUND, NOT_AN_IMAGE, FILE_TOO_LARGE, NOT_A_MEMBER, CUSTOMER_GONE, OUT_OF_SPACE, WRITE_INTERRUPTED, NOT_SHARED, TOO_LARGE_TO_SHARE, COPY_NOT_EMPTY, FIRST_SYNC_NEEDED, NOTHING_TO_UPLOAD, SHOP_SERVER_UNREACHABLE].map((message) => describeError(message)?.code);
    expect(codes).toEqual(['orderNotFound', 'productNotFound', 'notAnImage', 'imageTooLarge', 'notAMember', 'customerGone', 'outOfSpace', 'writeInterrupted', 'notShared', 'tooLargeToShare', 'copyNotEmpty', 'firstSyncNeeded', 'nothingToUpload', 'shopServerUnreachable']);
  });

  it("reads a message's values and the detail after it", () => {
    expect(describeError(productCodeTaken('TEE-1').message)).toEqual({ code: 'productCodeTaken', params: { code: 'TEE-1' } });
    expect(describeError(customerRefusal('DELETE /api/users'))).toEqual({ code: 'customerMayNotSend', params: { name: 'DELETE /api/users' } });
    expect(describeError('Order not found: 12, 13')).toEqual({ code: 'orderNotFound', params: { detail: '12, 13' } });
    expect(describeError('ann@example.com is already a member of this shop')).toEqual({ code: 'emailAlreadyAMember', params: { email: 'ann@example.com' } });
    expect(describeError('Something nobody listed')).toBeUndefined();
    expect(errorBody('Order not found', [{ path: 'id', message: 'x' }])).toEqual({ message: 'Order not found', code: 'orderNotFound', issues: [{ path: 'id', message: 'x' }] });
  });

  it("shows an error in the user's language by its code, else the back end's English", async () => {
    await activateLocale('es');
    try {
      expect(messageOf(new ApiRequestError(404, 'Order not found: 12', [], { code: 'orderNotFound', params: { detail: '12' } }))).toBe('No se encontró el pedido: 12');
      expect(messageOf(new ApiRequestError(409, 'Not enough of "Tee" in stock for 3', [], { code: 'notEnoughStock', params: { product: 'Tee', quantity: '3' } }))).toBe('No hay suficiente stock de «Tee» para 3');
      expect(messageOf(new ApiRequestError(409, 'A brand new refusal', [], { code: 'aCodeThisBuildDoesNotKnow' }))).toBe('A brand new refusal');
      expect(messageOf('not an error')).toBe('Eso no funcionó. Vuelve a intentarlo.');
      await activateLocale('ar');
      expect(translatedError({ code: 'notAMember' })).toBe('لست عضوًا في هذا المتجر');
      expect(translatedMessage('Order 7 is shipped: only a new or pending order can be cancelled')).toBe('الطلب 7 حالته shipped: لا يمكن إلغاء إلا طلب جديد أو معلّق');
    } finally {
      await activateLocale('en');
    }
  });
});

describe('form validation messages', () => {
  it("words zod's own problems in the user's language and translates the schemas' own messages where shown", async () => {
    const { z } = await import('zod');
    const { validationMessage } = await import('@/i18n/validation');
    const schema = z.object({ name: z.string().min(3), email: z.email(), stock: z.number().int().min(0, 'Stock must not be negative'), tags: z.array(z.string()).min(2) });
    const problems = (value: unknown) => Object.fromEntries(schema.safeParse(value, { error: validationMessage }).error!.issues.map((issue) => [issue.path.join('.'), translatedMessage(issue.message)]));
    const bad = { name: 'ab', email: 'nope', stock: -1, tags: ['x'] };
    expect(problems(bad)).toEqual({ name: 'Use at least 3 characters', email: 'Enter a valid email address', stock: 'Stock must not be negative', tags: 'Add at least 2 items' });
    await activateLocale('de');
    try {
      expect(problems(bad)).toEqual({ name: 'Verwende mindestens 3 Zeichen', email: 'Gib eine gültige E-Mail-Adresse ein', stock: 'Der Bestand darf nicht negativ sein', tags: 'Füge mindestens 2 Einträge hinzu' });
      await activateLocale('ar');
      expect(problems({ ...bad, name: 'a', tags: [] })).toMatchObject({ name: 'استخدم 3 أحرف على الأقل', tags: 'أضف عنصرين على الأقل' });
      expect(problems({ ...bad, name: undefined })).toMatchObject({ name: 'مطلوب' });
    } finally {
      await activateLocale('en');
    }
  });
});
