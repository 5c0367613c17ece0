-- pg_notify inside a write transaction serialises every such commit on the server: PostgreSQL holds a
-- database-wide lock from the commit's NOTIFY queue insert until after its WAL flush, so writes that
-- notify commit one fsync at a time (about 900 per second here, whatever the pool size). The apps' own
-- connections (marked with the session setting propfolio.change_outbox = on) therefore leave the owner
-- of each change in this outbox instead, in the same transaction; each instance's change feed drains it
-- with pg_notify on a connection of its own with asynchronous commit (libs/db/src/change-feed.ts).
-- Other writers (operator CLIs, psql) still notify directly. UNLOGGED: the rows are a hint that lives for
-- milliseconds; after a server crash every listener reconnects and starts from an empty cache anyway.
CREATE UNLOGGED TABLE "ChangeOutbox" (
  "id" BIGSERIAL NOT NULL,
  "scope" TEXT NOT NULL,
  CONSTRAINT "ChangeOutbox_pkey" PRIMARY KEY ("id")
);

CREATE FUNCTION "propfolio_announce_change"(scope text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('propfolio.change_outbox', true) = 'on' THEN
    INSERT INTO "ChangeOutbox" ("scope") VALUES (scope);
  ELSE
    PERFORM pg_notify('propfolio_changes', scope);
  END IF;
END
$$;

CREATE OR REPLACE FUNCTION "propfolio_notify_owner_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "propfolio_announce_change"(to_jsonb(COALESCE(NEW, OLD)) ->> TG_ARGV[0]);
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION "propfolio_notify_report_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "propfolio_announce_change"(a."userId") FROM "EaAccount" a WHERE a."id" = (COALESCE(NEW, OLD))."accountId";
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION "propfolio_notify_catalog_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "propfolio_announce_change"('*');
  RETURN NULL;
END
$$;
