/** `GET /api/sync/upload` (and `POST`'s answer): the account's own records this device would start a new shop with. */
export interface UploadCounts {
  records: { users: number; products: number; orders: number; invoices: number; reviews: number; tickets: number; files: number };
  total: number;
  /** No write was ever made on the account's own store (its activity log is empty): what it holds is the sample data it started with. */
  onlySampleData: boolean;
  /** `GET` only: a shop is chosen, its copy has synced and is empty (an empty shop), and this device has records to start it with. */
  canUpload?: boolean;
}
