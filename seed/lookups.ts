import type { LookupOption } from '../domain/schema/common';
import type { OrderStatus } from '../domain/schema/order';
// The value lists come from the zod-free module: screens that show these options (the lists' filters) need no schema library.
import { paymentMethods, productCategories, productColors, productSizes } from '../domain/schema/values';
import type { UserStatus } from '../domain/schema/user';

/** A lookup option whose value is checked against a schema enum. */
type TypedOption<V extends string> = LookupOption & { readonly value: V };

export const userStatusOptions: ReadonlyArray<TypedOption<UserStatus>> = [
  { id: 1, title: 'Hidden', value: 'hidden' },
  { id: 2, title: 'Rejected', value: 'rejected' },
  { id: 3, title: 'Verified', value: 'verified' },
  { id: 4, title: 'Waiting', value: 'waiting' },
];

export const orderStatusOptions: ReadonlyArray<TypedOption<OrderStatus>> = [
  { id: 1, title: 'Delivered', value: 'delivered' },
  { id: 2, title: 'Shipping', value: 'shipping' },
  { id: 3, title: 'New', value: 'new' },
  { id: 4, title: 'Pending', value: 'pending' },
  { id: 5, title: 'Return', value: 'return' },
];

export const paymentMethodOptions: ReadonlyArray<TypedOption<(typeof paymentMethods)[number]>> = [
  { id: 1, title: 'Credit Card', value: 'Credit Card' },
  { id: 2, title: 'Paypal', value: 'Paypal' },
  { id: 3, title: 'Visa Card', value: 'Visa Card' },
  { id: 4, title: 'Master Card', value: 'Master Card' },
];

export const colorOptions: ReadonlyArray<TypedOption<(typeof productColors)[number]>> = [
  { id: 1, title: 'Blue', value: 'blue' },
  { id: 2, title: 'Red', value: 'red' },
  { id: 3, title: 'Orange', value: 'orange' },
  { id: 4, title: 'Green', value: 'green' },
  { id: 5, title: 'Purple', value: 'purple' },
  { id: 6, title: 'Pink', value: 'pink' },
];

export const sizeOptions: ReadonlyArray<TypedOption<(typeof productSizes)[number]>> = [
  { id: 1, title: 'XS', value: 'xs' },
  { id: 2, title: 'S', value: 's' },
  { id: 3, title: 'M', value: 'm' },
  { id: 4, title: 'L', value: 'l' },
  { id: 5, title: 'XL', value: 'xl' },
  { id: 6, title: 'XXL', value: 'xxl' },
];

export const categoryOptions: ReadonlyArray<TypedOption<(typeof productCategories)[number]>> = [
  { id: 1, title: 'Fashion', value: 'fashion' },
  { id: 2, title: 'Electronics', value: 'electronics' },
  { id: 3, title: 'Furniture', value: 'furniture' },
  { id: 4, title: 'Home & Kitchen', value: 'home-kitchen' },
  { id: 5, title: 'Accessories', value: 'accessories' },
  { id: 6, title: 'Office', value: 'office' },
  { id: 7, title: 'Sports & Outdoors', value: 'sports-outdoors' },
  { id: 8, title: 'Kitchen & Dining', value: 'kitchen-dining' },
  { id: 9, title: 'Stationery', value: 'stationery' },
];

export interface OrderSummaryCardDefinition {
  readonly id: number;
  readonly title: string;
  readonly icon: string;
  readonly color: string;
  /** The order status this card counts; null counts every order. */
  readonly status: OrderStatus | null;
}

export const orderSummaryCardDefinitions: readonly OrderSummaryCardDefinition[] = [
  { id: 1, title: 'Total Orders', icon: 'shopping-cart', color: '#4f46e5', status: null },
  { id: 2, title: 'New Orders', icon: 'sparkles', color: '#0ea5e9', status: 'new' },
  { id: 3, title: 'Pending Orders', icon: 'clock', color: '#f59e0b', status: 'pending' },
  { id: 4, title: 'Shipping Orders', icon: 'truck', color: '#8b5cf6', status: 'shipping' },
  { id: 5, title: 'Delivered Orders', icon: 'check-circle', color: '#10b981', status: 'delivered' },
  { id: 6, title: 'Cancelled Orders', icon: 'x-circle', color: '#ef4444', status: 'return' },
];
