-- AlterTable
ALTER TABLE "TradeStatsSummary" ADD COLUMN     "daysFrom" DATE;

-- The day rows built apart from the summary, in slices (issue 40): built with it, they made a zone's first read one
-- statement of 5–10 s over 70,000 trades (every trade counted in six groupings of its day), which held PGlite's
-- process and /healthz that long. Now the summary's build is what it was before them, and a close window's read
-- builds the day rows it needs newest day first, a bounded number of trades a statement (propfolio_trade_days_build),
-- handing the event loop back between two. "daysFrom" says from which day on they are exact; the triggers keep
-- only those days (a trade closed on an older day is counted by the slice that builds its day).

-- Builds the account's summary for the zone unless it exists, as trade_stats_summary did (the day rows apart).
CREATE OR REPLACE FUNCTION "propfolio_trade_stats_build"(account text, zone text) RETURNS void LANGUAGE plpgsql AS $f$
DECLARE
  trades text := format('SELECT t.*, %L::text AS "timeZone" FROM "Trade" t WHERE t."accountId" = %L', zone, account);
BEGIN
  -- FOR UPDATE waits for every transaction writing the account's trades (they hold FOR KEY SHARE on it, see the
  -- triggers) and holds new ones off until this build commits: the build reads every committed trade, and a write
  -- after it finds the summary and keeps it.
  PERFORM 1 FROM "EaAccount" WHERE "id" = account FOR UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  INSERT INTO "TradeStatsSummary" ("accountId", "timeZone") VALUES (account, zone) ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  DELETE FROM "TradeStatsSummary" s WHERE s."accountId" = account AND s."timeZone" IN (
    SELECT k."timeZone" FROM "TradeStatsSummary" k WHERE k."accountId" = account ORDER BY k."timeZone" = zone DESC, k."builtAt" DESC OFFSET 4);
  EXECUTE "propfolio_trade_cells_sql"(trades, false);
  EXECUTE "propfolio_trade_tags_sql"(trades || ' AND t."tags" <> ''{}''', false);
  PERFORM "propfolio_trade_runs_rebuild"(account);
END
$f$;

-- Builds the day rows of the account's summary for the zone one slice further back: the days of its newest trades
-- before "daysFrom" (all its trades when none is built), at least max_trades of them unless fewer are left, whole
-- days; answers the new "daysFrom" as text ('-infinity' once every day is built), or null without a summary. Locks
-- as the build does, so a write is either counted by the slice (its day not built yet) or by the triggers.
CREATE FUNCTION "propfolio_trade_days_build"(account text, zone text, max_trades integer) RETURNS text LANGUAGE plpgsql AS $f$
DECLARE
  built date;
  before_at timestamptz;
  lowest timestamptz;
  from_day date;
  trades text := format('SELECT t.*, %L::text AS "timeZone" FROM "Trade" t WHERE t."accountId" = %L', zone, account);
BEGIN
  PERFORM 1 FROM "EaAccount" WHERE "id" = account FOR UPDATE;
  SELECT s."daysFrom" INTO built FROM "TradeStatsSummary" s WHERE s."accountId" = account AND s."timeZone" = zone FOR UPDATE;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF built = '-infinity'::date THEN
    RETURN built::text;
  END IF;
  -- The close of the max_trades-th newest trade not counted yet: a walk down the account's close index.
  IF built IS NULL THEN
    SELECT t."closedAt" INTO lowest FROM "Trade" t WHERE t."accountId" = account ORDER BY t."closedAt" DESC OFFSET max_trades - 1 LIMIT 1;
  ELSE
    before_at := built::timestamp AT TIME ZONE zone;
    trades := trades || format(' AND t."closedAt" < %L::timestamptz', before_at);
    SELECT t."closedAt" INTO lowest FROM "Trade" t WHERE t."accountId" = account AND t."closedAt" < before_at
      ORDER BY t."closedAt" DESC OFFSET max_trades - 1 LIMIT 1;
  END IF;
  IF lowest IS NULL THEN
    from_day := '-infinity'::date;
  ELSE
    -- The whole day of that close: from its first instant in the zone.
    from_day := (lowest AT TIME ZONE zone)::date;
    trades := trades || format(' AND t."closedAt" >= %L::timestamptz', from_day::timestamp AT TIME ZONE zone);
  END IF;
  EXECUTE "propfolio_trade_day_groups_sql"(trades, false);
  EXECUTE "propfolio_trade_tags_sql"(trades || ' AND t."tags" <> ''{}''', true);
  EXECUTE "propfolio_trade_day_runs_sql"(trades);
  UPDATE "TradeStatsSummary" s SET "daysFrom" = from_day WHERE s."accountId" = account AND s."timeZone" = zone;
  RETURN from_day::text;
END
$f$;

CREATE OR REPLACE FUNCTION "propfolio_trade_stats_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $f$
DECLARE
  acc record;
  r record;
  added text := 'SELECT n.*, s."timeZone" FROM new_trades n JOIN "TradeStatsSummary" s ON s."accountId" = n."accountId"';
  on_built_day text := '(n."closedAt" AT TIME ZONE s."timeZone")::date >= s."daysFrom"';
BEGIN
  -- Only accounts that have a summary (a read asked for them); the lock orders this write with a build (see build).
  PERFORM 1 FROM "EaAccount" a WHERE a."id" IN (SELECT DISTINCT n."accountId" FROM new_trades n) FOR KEY SHARE;
  IF NOT EXISTS (SELECT 1 FROM "TradeStatsSummary" s WHERE s."accountId" IN (SELECT DISTINCT n."accountId" FROM new_trades n)) THEN
    RETURN NULL;
  END IF;
  EXECUTE "propfolio_trade_cells_sql"(added, false);
  EXECUTE "propfolio_trade_tags_sql"(added || ' WHERE n."tags" <> ''{}''', false);
  -- The day rows only from the day they are built from (propfolio_trade_days_build counts the older days' trades).
  EXECUTE "propfolio_trade_day_groups_sql"(added || ' WHERE ' || on_built_day, false);
  EXECUTE "propfolio_trade_tags_sql"(added || ' WHERE ' || on_built_day || ' AND n."tags" <> ''{}''', true);
  -- The runs of every day the new trades closed on, counted again from all that day's trades (a range of the
  -- account's close index: from the day's first instant in the zone to the next day's).
  EXECUTE "propfolio_trade_day_runs_sql"('SELECT t.*, k."timeZone" FROM (SELECT DISTINCT n."accountId", s."timeZone", '
    || '(n."closedAt" AT TIME ZONE s."timeZone")::date AS "day" FROM new_trades n JOIN "TradeStatsSummary" s ON s."accountId" = n."accountId" '
    || 'WHERE ' || on_built_day || ') k '
    || 'JOIN "Trade" t ON t."accountId" = k."accountId" AND t."closedAt" >= (k."day"::timestamp AT TIME ZONE k."timeZone") '
    || 'AND t."closedAt" < ((k."day" + 1)::timestamp AT TIME ZONE k."timeZone")');
  FOR acc IN
    -- Every summary of an account holds the same runs (they are set together): any one of them answers.
    SELECT DISTINCT ON (s."accountId") s."accountId", s."count", s."lastClosedAt" AS "lastAt", s."lastId"
    FROM "TradeStatsSummary" s WHERE s."accountId" IN (SELECT DISTINCT n."accountId" FROM new_trades n)
  LOOP
    -- New trades all after the last one counted (the tracker's usual message): their runs compose with the stored
    -- ones. Otherwise (a statement back-filling history) the runs are counted again from the account's trades.
    IF acc."count" > 0 AND EXISTS (SELECT 1 FROM new_trades n WHERE n."accountId" = acc."accountId"
        AND (n."closedAt", n."id") <= (acc."lastAt", acc."lastId")) THEN
      PERFORM "propfolio_trade_runs_rebuild"(acc."accountId");
      CONTINUE;
    END IF;
    SELECT * INTO r FROM "propfolio_trade_runs"((SELECT string_agg(CASE WHEN n."net" >= 0.005 THEN 'W' WHEN n."net" <= -0.005
      THEN 'L' ELSE 'B' END, '' ORDER BY n."closedAt", n."id") FROM new_trades n WHERE n."accountId" = acc."accountId"));
    UPDATE "TradeStatsSummary" s SET
      "prefixWins" = CASE WHEN s."prefixWins" = s."count" THEN s."count" + r."prefixWins" ELSE s."prefixWins" END,
      "prefixLosses" = CASE WHEN s."prefixLosses" = s."count" THEN s."count" + r."prefixLosses" ELSE s."prefixLosses" END,
      "suffixWins" = CASE WHEN r."suffixWins" = r."count" THEN r."count" + s."suffixWins" ELSE r."suffixWins" END,
      "suffixLosses" = CASE WHEN r."suffixLosses" = r."count" THEN r."count" + s."suffixLosses" ELSE r."suffixLosses" END,
      "longestWins" = GREATEST(s."longestWins", r."longestWins", s."suffixWins" + r."prefixWins"),
      "longestLosses" = GREATEST(s."longestLosses", r."longestLosses", s."suffixLosses" + r."prefixLosses"),
      "count" = s."count" + r."count",
      "firstClosedAt" = COALESCE(s."firstClosedAt", f."closedAt"), "firstId" = COALESCE(s."firstId", f."id"),
      "lastClosedAt" = l."closedAt", "lastId" = l."id"
    FROM (SELECT n."closedAt", n."id" FROM new_trades n WHERE n."accountId" = acc."accountId" ORDER BY n."closedAt", n."id" LIMIT 1) f,
      (SELECT n."closedAt", n."id" FROM new_trades n WHERE n."accountId" = acc."accountId" ORDER BY n."closedAt" DESC, n."id" DESC LIMIT 1) l
    WHERE s."accountId" = acc."accountId";
  END LOOP;
  RETURN NULL;
END
$f$;

CREATE OR REPLACE FUNCTION "propfolio_trade_stats_on_update"() RETURNS trigger LANGUAGE plpgsql AS $f$
DECLARE
  touched text;
  risk text;
  retag text;
BEGIN
  PERFORM 1 FROM "EaAccount" a WHERE a."id" IN (SELECT n."accountId" FROM new_trades n UNION SELECT o."accountId" FROM old_trades o) FOR KEY SHARE;
  IF NOT EXISTS (SELECT 1 FROM "TradeStatsSummary" s WHERE s."accountId" IN (SELECT n."accountId" FROM new_trades n UNION SELECT o."accountId" FROM old_trades o)) THEN
    RETURN NULL;
  END IF;
  -- A trade whose figures changed (a broker's correction, a partial close completed) may have been a cell's extreme:
  -- its account's summaries are dropped (their day rows with them) and built again by the next read.
  DELETE FROM "TradeStatsSummary" s WHERE s."accountId" IN (
    SELECT x."accountId" FROM (SELECT * FROM old_trades UNION ALL SELECT * FROM new_trades) x
    WHERE NOT EXISTS (SELECT 1 FROM old_trades o JOIN new_trades n ON n."id" = o."id" WHERE o."id" = x."id"
      AND (o."accountId", o."symbol", o."side", o."net", o."openedAt", o."closedAt", o."mae", o."mfe")
        IS NOT DISTINCT FROM (n."accountId", n."symbol", n."side", n."net", n."openedAt", n."closedAt", n."mae", n."mfe")));
  -- A journal edit: the planned risk's count and R sum move by the difference in the cells and the day's groups
  -- (exact: the same quotients are added and taken away); the rows exist, since the trade is counted in them.
  risk := 'SELECT y.*, s."timeZone" FROM (SELECT n.*, 1 AS sign FROM new_trades n JOIN old_trades o ON o."id" = n."id" '
    || 'WHERE o."plannedRisk" IS DISTINCT FROM n."plannedRisk" '
    || 'UNION ALL SELECT o.*, -1 AS sign FROM old_trades o JOIN new_trades n ON n."id" = o."id" '
    || 'WHERE o."plannedRisk" IS DISTINCT FROM n."plannedRisk") y JOIN "TradeStatsSummary" s ON s."accountId" = y."accountId"';
  EXECUTE "propfolio_trade_cells_sql"(risk, true);
  EXECUTE "propfolio_trade_day_groups_sql"(risk || ' WHERE (y."closedAt" AT TIME ZONE s."timeZone")::date >= s."daysFrom"', true);
  -- The tags a journal edit touched (the trade's old and new tags, when its tags or planned risk changed) are
  -- counted again from the account's trades, all time and per day: taking a trade out of a tag may take away its
  -- largest win or loss.
  touched := 'SELECT DISTINCT y."accountId", tag FROM ('
    || 'SELECT n."accountId", n."tags" FROM new_trades n JOIN old_trades o ON o."id" = n."id" '
    || 'WHERE (o."tags", o."plannedRisk") IS DISTINCT FROM (n."tags", n."plannedRisk") '
    || 'UNION ALL SELECT o."accountId", o."tags" FROM old_trades o JOIN new_trades n ON n."id" = o."id" '
    || 'WHERE (o."tags", o."plannedRisk") IS DISTINCT FROM (n."tags", n."plannedRisk")) y '
    || 'CROSS JOIN LATERAL unnest(y."tags") tag WHERE y."accountId" IN (SELECT s."accountId" FROM "TradeStatsSummary" s)';
  EXECUTE 'DELETE FROM "TradeStatsTag" g USING (' || touched || ') k WHERE g."accountId" = k."accountId" AND g."tag" = k."tag"';
  EXECUTE 'DELETE FROM "TradeStatsDayTag" g USING (' || touched || ') k WHERE g."accountId" = k."accountId" AND g."tag" = k."tag"';
  retag := 'WITH touched AS (' || touched || ') '
    || 'SELECT t."accountId", t."net", t."openedAt", t."closedAt", t."plannedRisk", t."mae", t."mfe", s."timeZone", '
    || 'ARRAY(SELECT tag FROM unnest(t."tags") tag WHERE (t."accountId", tag) IN (SELECT k."accountId", k."tag" FROM touched k)) AS "tags" '
    || 'FROM "Trade" t JOIN "TradeStatsSummary" s ON s."accountId" = t."accountId" '
    || 'WHERE t."accountId" IN (SELECT k."accountId" FROM touched k) AND t."tags" && (SELECT array_agg(k."tag") FROM touched k)';
  EXECUTE "propfolio_trade_tags_sql"(retag, false);
  EXECUTE "propfolio_trade_tags_sql"(retag || ' AND (t."closedAt" AT TIME ZONE s."timeZone")::date >= s."daysFrom"', true);
  RETURN NULL;
END
$f$;
