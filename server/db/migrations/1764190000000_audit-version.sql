-- Up Migration
-- The shop version an applied mutation stored its changes at: a record's row has the version
-- of its last change, so who made it and when is one indexed look-up (a push that kept another
-- member's value says whose, server/sync/push.ts).
ALTER TABLE audit ADD COLUMN version bigint;
CREATE INDEX audit_by_version ON audit (shop_id, version) WHERE version IS NOT NULL;

-- Down Migration
DROP INDEX audit_by_version;
ALTER TABLE audit DROP COLUMN version;
