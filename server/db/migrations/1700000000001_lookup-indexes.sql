-- Up Migration
-- One index per field the writes look records up by (domain/sync/apply-mutation.ts,
-- lookupFields): a product's reviews, the reviews removed with it, an order number, a product
-- code, a ticket's attachment. tests/server/startup.test.ts checks each field has one here.
DROP INDEX records_by_product;
CREATE INDEX records_lookup_reviews_product_id ON records (shop_id, kind, (record->>'productId')) WHERE kind = 'reviews';
CREATE INDEX records_lookup_reviews_deleted_with ON records (shop_id, kind, (record->>'deletedWith')) WHERE kind = 'reviews';
CREATE INDEX records_lookup_orders_invoice_id ON records (shop_id, kind, (record->>'invoiceId')) WHERE kind = 'orders';
CREATE INDEX records_lookup_products_code ON records (shop_id, kind, (record->>'code')) WHERE kind = 'products';
CREATE INDEX records_lookup_tickets_attachment_file_id ON records (shop_id, kind, (record->>'attachmentFileId')) WHERE kind = 'tickets';

-- Down Migration
DROP INDEX records_lookup_reviews_product_id, records_lookup_reviews_deleted_with, records_lookup_orders_invoice_id, records_lookup_products_code, records_lookup_tickets_attachment_file_id;
CREATE INDEX records_by_product ON records (shop_id, kind, (record->>'productId')) WHERE record ? 'productId';
