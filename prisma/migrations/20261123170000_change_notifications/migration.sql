-- Every committed write to a user's records, or to the shared catalog, is announced on the channel
-- "propfolio_changes" with the owner's user id (or '*' for the catalog), so that each server instance
-- drops the read answers it kept for them (libs/operations/src/answers). Triggers catch every writer:
-- the apps, the operator CLIs, the trash and other instances alike. PostgreSQL delivers a notification
-- only when its transaction commits, and sends one per distinct payload per transaction.

-- Row triggers: TG_ARGV[0] names the column that holds the owner's id.
CREATE FUNCTION "propfolio_notify_owner_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('propfolio_changes', to_jsonb(COALESCE(NEW, OLD)) ->> TG_ARGV[0]);
  RETURN NULL;
END
$$;

-- A daily report belongs to its EA account's owner.
CREATE FUNCTION "propfolio_notify_report_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('propfolio_changes', a."userId") FROM "EaAccount" a WHERE a."id" = (COALESCE(NEW, OLD))."accountId";
  RETURN NULL;
END
$$;

-- Statement triggers on the catalog: every answer may show catalog data.
CREATE FUNCTION "propfolio_notify_catalog_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('propfolio_changes', '*');
  RETURN NULL;
END
$$;

CREATE TRIGGER "Challenge_changes" AFTER INSERT OR UPDATE OR DELETE ON "Challenge" FOR EACH ROW EXECUTE FUNCTION "propfolio_notify_owner_change"('userId');
CREATE TRIGGER "ChallengeCost_changes" AFTER INSERT OR UPDATE OR DELETE ON "ChallengeCost" FOR EACH ROW EXECUTE FUNCTION "propfolio_notify_owner_change"('userId');
CREATE TRIGGER "ChallengeEvent_changes" AFTER INSERT OR UPDATE OR DELETE ON "ChallengeEvent" FOR EACH ROW EXECUTE FUNCTION "propfolio_notify_owner_change"('userId');
CREATE TRIGGER "Memo_changes" AFTER INSERT OR UPDATE OR DELETE ON "Memo" FOR EACH ROW EXECUTE FUNCTION "propfolio_notify_owner_change"('userId');
CREATE TRIGGER "Payout_changes" AFTER INSERT OR UPDATE OR DELETE ON "Payout" FOR EACH ROW EXECUTE FUNCTION "propfolio_notify_owner_change"('userId');
CREATE TRIGGER "EaAccount_changes" AFTER INSERT OR UPDATE OR DELETE ON "EaAccount" FOR EACH ROW EXECUTE FUNCTION "propfolio_notify_owner_change"('userId');
CREATE TRIGGER "FxRate_changes" AFTER INSERT OR UPDATE OR DELETE ON "FxRate" FOR EACH ROW EXECUTE FUNCTION "propfolio_notify_owner_change"('userId');
CREATE TRIGGER "User_changes" AFTER UPDATE OR DELETE ON "User" FOR EACH ROW EXECUTE FUNCTION "propfolio_notify_owner_change"('id');
CREATE TRIGGER "DailyPnl_changes" AFTER INSERT OR UPDATE OR DELETE ON "DailyPnl" FOR EACH ROW EXECUTE FUNCTION "propfolio_notify_report_change"();
CREATE TRIGGER "Firm_changes" AFTER INSERT OR UPDATE OR DELETE ON "Firm" FOR EACH STATEMENT EXECUTE FUNCTION "propfolio_notify_catalog_change"();
CREATE TRIGGER "Plan_changes" AFTER INSERT OR UPDATE OR DELETE ON "Plan" FOR EACH STATEMENT EXECUTE FUNCTION "propfolio_notify_catalog_change"();
CREATE TRIGGER "PlanPrice_changes" AFTER INSERT OR UPDATE OR DELETE ON "PlanPrice" FOR EACH STATEMENT EXECUTE FUNCTION "propfolio_notify_catalog_change"();
CREATE TRIGGER "Article_changes" AFTER INSERT OR UPDATE OR DELETE ON "Article" FOR EACH STATEMENT EXECUTE FUNCTION "propfolio_notify_catalog_change"();
