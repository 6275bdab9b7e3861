-- Up Migration
-- Customers (docs/sync.md, "Customers"): a member of role customer is tied to one `users`
-- record of the shop (customer_id, its id), and sees only their slice of the shop.
ALTER TABLE members DROP CONSTRAINT members_role_check;
ALTER TABLE members ADD CONSTRAINT members_role_check CHECK (role IN ('owner', 'admin', 'staff', 'viewer', 'customer'));
ALTER TABLE members ADD COLUMN customer_id text;
ALTER TABLE members ADD CONSTRAINT members_customer_check CHECK ((role = 'customer') = (customer_id IS NOT NULL));
-- One sign-in per customer record.
CREATE UNIQUE INDEX members_by_customer ON members (shop_id, customer_id) WHERE customer_id IS NOT NULL;

ALTER TABLE invitations DROP CONSTRAINT invitations_role_check;
ALTER TABLE invitations ADD CONSTRAINT invitations_role_check CHECK (role IN ('owner', 'admin', 'staff', 'viewer', 'customer'));
ALTER TABLE invitations ADD COLUMN customer_id text;
ALTER TABLE invitations ADD CONSTRAINT invitations_customer_check CHECK ((role = 'customer') = (customer_id IS NOT NULL));

-- Each record's scope key (domain/sync/scope.ts, scopeKeyOf), computed when it is written:
-- `customer:<user id>`, `email:<email>`, `public`, or NULL (no customer sees it). A customer's
-- pull selects by it, one index range per key of theirs, never the shop's other rows. A
-- removed record keeps the key it had, so its removal reaches the customers who saw it.
ALTER TABLE records ADD COLUMN scope text;
-- The key a live record opens to its own customer (scope.ts, grantsOf): a user record's email's;
-- and the version since which it has it: its customer is never sent a removal older than that
-- of the key's records (those were someone else's then).
ALTER TABLE records ADD COLUMN grants text;
ALTER TABLE records ADD COLUMN grants_since bigint;
CREATE INDEX records_by_scope ON records (shop_id, scope, version, kind, id) WHERE scope IS NOT NULL;

-- A live record that left a scope (an order given to another customer, a product unpublished
-- and its reviews, the tickets of a customer whose email changed): the customers of that scope
-- are told to remove it at their next pull. Written by the statement that stores the change,
-- at its version; one row per record and scope, the latest exit kept.
CREATE TABLE scope_exits (
  shop_id uuid NOT NULL REFERENCES shops ON DELETE CASCADE,
  scope text NOT NULL,
  kind text NOT NULL,
  id text NOT NULL,
  version bigint NOT NULL,
  PRIMARY KEY (shop_id, scope, kind, id)
);
CREATE INDEX scope_exits_by_version ON scope_exits (shop_id, scope, version, kind, id);

-- The records stored before this migration get their keys as scope.ts gives them (the same
-- rule, written once more here for the rows already there; every later write computes them in
-- TypeScript with scope.ts itself). A review's key is its product's.
UPDATE records SET
  scope = CASE kind
    WHEN 'users' THEN 'customer:' || id
    WHEN 'orders' THEN CASE WHEN jsonb_typeof(record->'customer'->'id') IN ('number', 'string') THEN 'customer:' || (record->'customer'->>'id') END
    WHEN 'invoices' THEN CASE WHEN jsonb_typeof(record->'customer'->'id') IN ('number', 'string') THEN 'customer:' || (record->'customer'->>'id') END
    WHEN 'tickets' THEN CASE WHEN jsonb_typeof(record->'email') = 'string' THEN 'email:' || lower(btrim(record->>'email')) END
    WHEN 'products' THEN CASE WHEN record->>'status' = 'published' THEN 'public' END
  END,
  grants = CASE WHEN kind = 'users' AND NOT deleted AND jsonb_typeof(record->'email') = 'string' THEN 'email:' || lower(btrim(record->>'email')) END,
  grants_since = version;
UPDATE records r SET scope = p.scope
FROM records p
WHERE r.kind = 'reviews' AND p.shop_id = r.shop_id AND p.kind = 'products' AND p.id = r.record->>'productId' AND NOT p.deleted AND p.scope IS NOT NULL;

-- Down Migration
DROP TABLE scope_exits;
DROP INDEX records_by_scope;
ALTER TABLE records DROP COLUMN grants_since, DROP COLUMN grants, DROP COLUMN scope;
DELETE FROM invitations WHERE role = 'customer';
ALTER TABLE invitations DROP CONSTRAINT invitations_customer_check, DROP COLUMN customer_id;
ALTER TABLE invitations DROP CONSTRAINT invitations_role_check;
ALTER TABLE invitations ADD CONSTRAINT invitations_role_check CHECK (role IN ('owner', 'admin', 'staff', 'viewer'));
DELETE FROM members WHERE role = 'customer';
DROP INDEX members_by_customer;
ALTER TABLE members DROP CONSTRAINT members_customer_check, DROP COLUMN customer_id;
ALTER TABLE members DROP CONSTRAINT members_role_check;
ALTER TABLE members ADD CONSTRAINT members_role_check CHECK (role IN ('owner', 'admin', 'staff', 'viewer'));
