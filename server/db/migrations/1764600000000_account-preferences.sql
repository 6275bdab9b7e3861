-- Up Migration
-- The account's own preferences (the language of the screens), one row per person whatever
-- shops they are in: keyed by the Firebase uid, not by shop (server/db/preferences.ts).
-- changed_at is when the kept value was chosen on a device (never later than the server's
-- clock when it arrived): the latest choice wins.
CREATE TABLE account_preferences (
  uid text PRIMARY KEY,
  preferences jsonb NOT NULL,
  changed_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE account_preferences;
