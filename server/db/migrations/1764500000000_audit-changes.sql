-- Up Migration
-- What an applied mutation changed (domain/sync/audit-changes.ts): per record its kind, id,
-- name and the fields changed before and after, the first 20 records and their count. NULL on
-- refusals, member changes and the lines written before this migration.
ALTER TABLE audit ADD COLUMN changes jsonb;
-- The Activity page's filter by member: one member's lines, newest first.
CREATE INDEX audit_by_member ON audit (shop_id, uid, seq);

-- Down Migration
DROP INDEX audit_by_member;
ALTER TABLE audit DROP COLUMN changes;
