-- Up Migration
-- The shops a user created lately, counted for the daily cap on new shops (server/routes/shops.ts).
CREATE INDEX shops_by_creator ON shops (created_by, created_at);

-- Down Migration
DROP INDEX shops_by_creator;
