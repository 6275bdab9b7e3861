-- Up Migration
-- The shop server's schema (docs/sync.md, "Tables"). Every table carries shop_id and every
-- shop query filters on it, so the tables can be spread over machines by shop.

CREATE TABLE shops (
  shop_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE members (
  shop_id uuid NOT NULL REFERENCES shops ON DELETE CASCADE,
  uid text NOT NULL,
  email text,
  role text NOT NULL CHECK (role IN ('owner', 'admin', 'staff', 'viewer')),
  joined_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (shop_id, uid)
);
-- "My shops": the one lookup by user across shops (a directory query, docs/sync.md).
CREATE INDEX members_by_uid ON members (uid);

CREATE TABLE invitations (
  shop_id uuid NOT NULL REFERENCES shops ON DELETE CASCADE,
  invitation_id uuid NOT NULL DEFAULT gen_random_uuid(),
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('owner', 'admin', 'staff', 'viewer')),
  invited_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (shop_id, invitation_id),
  UNIQUE (shop_id, email)
);
CREATE UNIQUE INDEX invitations_by_id ON invitations (invitation_id);
CREATE INDEX invitations_by_email ON invitations (email);

-- One device's install (a browser profile) writing to one shop, and the last mutation applied from it.
CREATE TABLE clients (
  shop_id uuid NOT NULL REFERENCES shops ON DELETE CASCADE,
  client_id text NOT NULL,
  uid text NOT NULL,
  last_mutation_id bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (shop_id, client_id)
);
CREATE INDEX clients_by_uid ON clients (shop_id, uid);

-- The shop's version: one row updated in each write's own transaction, so versions are
-- handed out in commit order (a sequence could commit out of order and a pull miss a row).
CREATE TABLE shop_versions (
  shop_id uuid PRIMARY KEY REFERENCES shops ON DELETE CASCADE,
  version bigint NOT NULL DEFAULT 0
);

-- The shop's data, one row per record; a deleted record keeps its last state (restores, pulls).
CREATE TABLE records (
  shop_id uuid NOT NULL REFERENCES shops ON DELETE CASCADE,
  kind text NOT NULL,
  id text NOT NULL,
  version bigint NOT NULL,
  deleted boolean NOT NULL DEFAULT false,
  record jsonb NOT NULL,
  -- What must be unique among a kind's live records (a product's code): two concurrent
  -- creates cannot both take it.
  unique_key text,
  PRIMARY KEY (shop_id, kind, id)
);
CREATE INDEX records_by_version ON records (shop_id, version, kind, id);
CREATE UNIQUE INDEX records_unique_key ON records (shop_id, kind, unique_key) WHERE unique_key IS NOT NULL AND NOT deleted;
-- A product's reviews (findBy productId), the one reference the writes look up.
CREATE INDEX records_by_product ON records (shop_id, kind, (record->>'productId')) WHERE record ? 'productId';

-- Which record each id a device gave to a record it created offline became.
CREATE TABLE pending_ids (
  shop_id uuid NOT NULL REFERENCES shops ON DELETE CASCADE,
  client_id text NOT NULL,
  kind text NOT NULL,
  pending_id text NOT NULL,
  id jsonb NOT NULL,
  version bigint NOT NULL,
  PRIMARY KEY (shop_id, client_id, kind, pending_id)
);
CREATE INDEX pending_ids_by_version ON pending_ids (shop_id, client_id, version);

-- Per-shop counters: record ids, invoice numbers.
CREATE TABLE counters (
  shop_id uuid NOT NULL REFERENCES shops ON DELETE CASCADE,
  name text NOT NULL,
  value bigint NOT NULL,
  PRIMARY KEY (shop_id, name)
);

-- Who applied or was refused what, and when.
CREATE TABLE audit (
  shop_id uuid NOT NULL REFERENCES shops ON DELETE CASCADE,
  seq bigint GENERATED ALWAYS AS IDENTITY,
  at timestamptz NOT NULL DEFAULT now(),
  uid text NOT NULL,
  email text,
  client_id text,
  mutation_id bigint,
  name text NOT NULL,
  result text NOT NULL CHECK (result IN ('applied', 'rejected')),
  message text,
  PRIMARY KEY (shop_id, seq)
);

-- Down Migration
DROP TABLE audit, counters, pending_ids, records, shop_versions, clients, invitations, members, shops;
