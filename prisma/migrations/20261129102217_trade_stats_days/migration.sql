-- CreateTable
CREATE TABLE "TradeStatsDayGroup" (
    "accountId" TEXT NOT NULL,
    "timeZone" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "by" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "wins" INTEGER NOT NULL,
    "losses" INTEGER NOT NULL,
    "net" DECIMAL(65,30) NOT NULL,
    "grossProfit" DECIMAL(65,30) NOT NULL,
    "grossLoss" DECIMAL(65,30) NOT NULL,
    "largestWin" DECIMAL(65,30),
    "largestLoss" DECIMAL(65,30),
    "holding" DECIMAL(65,30) NOT NULL,
    "withRisk" INTEGER NOT NULL,
    "rSum" DECIMAL(65,30) NOT NULL,
    "maeCount" INTEGER NOT NULL,
    "maeSum" DECIMAL(65,30) NOT NULL,
    "mfeCount" INTEGER NOT NULL,
    "mfeSum" DECIMAL(65,30) NOT NULL,

    CONSTRAINT "TradeStatsDayGroup_pkey" PRIMARY KEY ("accountId","timeZone","day","by","key")
);

-- CreateTable
CREATE TABLE "TradeStatsDayTag" (
    "accountId" TEXT NOT NULL,
    "timeZone" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "tag" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "wins" INTEGER NOT NULL,
    "losses" INTEGER NOT NULL,
    "net" DECIMAL(65,30) NOT NULL,
    "grossProfit" DECIMAL(65,30) NOT NULL,
    "grossLoss" DECIMAL(65,30) NOT NULL,
    "largestWin" DECIMAL(65,30),
    "largestLoss" DECIMAL(65,30),
    "holding" DECIMAL(65,30) NOT NULL,
    "withRisk" INTEGER NOT NULL,
    "rSum" DECIMAL(65,30) NOT NULL,
    "maeCount" INTEGER NOT NULL,
    "maeSum" DECIMAL(65,30) NOT NULL,
    "mfeCount" INTEGER NOT NULL,
    "mfeSum" DECIMAL(65,30) NOT NULL,

    CONSTRAINT "TradeStatsDayTag_pkey" PRIMARY KEY ("accountId","timeZone","day","tag")
);

-- CreateTable
CREATE TABLE "TradeStatsDayRuns" (
    "accountId" TEXT NOT NULL,
    "timeZone" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "count" INTEGER NOT NULL,
    "prefixWins" INTEGER NOT NULL,
    "prefixLosses" INTEGER NOT NULL,
    "suffixWins" INTEGER NOT NULL,
    "suffixLosses" INTEGER NOT NULL,
    "longestWins" INTEGER NOT NULL,
    "longestLosses" INTEGER NOT NULL,
    "firstClosedAt" TIMESTAMPTZ(3) NOT NULL,
    "lastClosedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "TradeStatsDayRuns_pkey" PRIMARY KEY ("accountId","timeZone","day")
);

-- AddForeignKey
ALTER TABLE "TradeStatsDayGroup" ADD CONSTRAINT "TradeStatsDayGroup_accountId_timeZone_fkey" FOREIGN KEY ("accountId", "timeZone") REFERENCES "TradeStatsSummary"("accountId", "timeZone") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TradeStatsDayTag" ADD CONSTRAINT "TradeStatsDayTag_accountId_timeZone_fkey" FOREIGN KEY ("accountId", "timeZone") REFERENCES "TradeStatsSummary"("accountId", "timeZone") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TradeStatsDayRuns" ADD CONSTRAINT "TradeStatsDayRuns_accountId_timeZone_fkey" FOREIGN KEY ("accountId", "timeZone") REFERENCES "TradeStatsSummary"("accountId", "timeZone") ON DELETE CASCADE ON UPDATE CASCADE;

-- get_trade_stats over a close window from the kept summary (issue 40): beside the summary's cells (no date, so that
-- the all-time read stays as small as it is), each summary keeps per day of its zone (the close's date there) the
-- partial figures of every grouping of the answer (TradeStatsDayGroup: one row per grouping and key, not per cell:
-- a day has a few dozen such rows where its cells can be as many as its trades, and a window adds them up with one
-- GROUP BY), per tag, and the day's runs of wins and losses. A window's whole days are read from them and its
-- partial days at the edges live (libs/domain/src/trades/trade-stats-days.ts). They are built with the summary and
-- kept by the same triggers: inserts add, a journal edit adjusts the risk sums and recounts the touched tags, a
-- figure change or a delete drops the summary, which cascades to them. The builders below are the summary's,
-- generalised (a day column; a risk-only difference), and the triggers are replaced to call them.

-- The rows of `source` (Trade columns and "timeZone") with the ISO weekday ("wd") and hour ("hr") of the open in the
-- zone, the sessions it opened in ("sessions": bit 0 Tokyo 09–18, bit 1 London 08–17, bit 2 New York 08–17, each in
-- its own city's clock; SESSIONS in trade-stats.ts) and, with_day, the close's date in the zone ("day"). Each zone is
-- converted once per row.
CREATE FUNCTION "propfolio_trade_opens_sql"(source text, with_day boolean) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
SELECT '(SELECT s.*, EXTRACT(ISODOW FROM l.trader)::int AS wd, EXTRACT(HOUR FROM l.trader)::int AS hr, '
  || '(CASE WHEN l.tokyo >= ''09:00'' AND l.tokyo < ''18:00'' THEN 1 ELSE 0 END) '
  || '+ (CASE WHEN l.london >= ''08:00'' AND l.london < ''17:00'' THEN 2 ELSE 0 END) '
  || '+ (CASE WHEN l."newYork" >= ''08:00'' AND l."newYork" < ''17:00'' THEN 4 ELSE 0 END) AS sessions'
  || CASE WHEN with_day THEN ', (s."closedAt" AT TIME ZONE s."timeZone")::date AS "day" ' ELSE ' ' END
  || 'FROM (' || source || ') s CROSS JOIN LATERAL (SELECT s."openedAt" AT TIME ZONE s."timeZone" AS trader, '
  || '(s."openedAt" AT TIME ZONE ''Asia/Tokyo'')::time AS tokyo, (s."openedAt" AT TIME ZONE ''Europe/London'')::time AS london, '
  || '(s."openedAt" AT TIME ZONE ''America/New_York'')::time AS "newYork" OFFSET 0) l)'
$f$;

-- The SELECT list of one group's partial figures over rows `x` with the Trade columns; risk_only: rows that also carry
-- "sign" (1 for a trade's new journal, -1 for its old), answering the difference of the planned-risk figures alone.
CREATE FUNCTION "propfolio_trade_partials_sql"(risk_only boolean) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
SELECT CASE WHEN risk_only THEN '0, 0, 0, 0, 0, 0, NULL::numeric, NULL::numeric, 0, '
  || 'COALESCE(sum(x.sign) FILTER (WHERE x."plannedRisk" > 0), 0)::int, '
  || 'COALESCE(sum(x.sign * (x."net" / x."plannedRisk")) FILTER (WHERE x."plannedRisk" > 0), 0), 0, 0, 0, 0'
  ELSE "propfolio_trade_partials_sql"() END
$f$;

-- The SET of an upsert adding a group's partial figures (risk_only: the planned-risk ones) to the stored row `c`.
CREATE FUNCTION "propfolio_trade_partials_add_sql"(risk_only boolean) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
SELECT CASE WHEN risk_only THEN '"withRisk" = c."withRisk" + EXCLUDED."withRisk", "rSum" = c."rSum" + EXCLUDED."rSum"'
  ELSE "propfolio_trade_partials_add_sql"() END
$f$;

-- The figures' columns, in the order of the SELECT lists above.
CREATE FUNCTION "propfolio_trade_partials_columns"() RETURNS text LANGUAGE sql IMMUTABLE AS $f$
SELECT '"count", "wins", "losses", "net", "grossProfit", "grossLoss", "largestWin", "largestLoss", "holding", "withRisk", '
  || '"rSum", "maeCount", "maeSum", "mfeCount", "mfeSum"'
$f$;

-- Adds the rows of `source` (Trade columns and "timeZone"; risk_only: and "sign") to their cells, as the summary's
-- propfolio_trade_cells_sql did (and its journal edit's copy of it).
CREATE FUNCTION "propfolio_trade_cells_sql"(source text, risk_only boolean) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
SELECT 'INSERT INTO "TradeStatsCell" AS c ("accountId", "timeZone", "symbol", "side", "wd", "hr", "sessions", '
  || "propfolio_trade_partials_columns"() || ') '
  || 'SELECT x."accountId", x."timeZone", x."symbol", x."side", x.wd, x.hr, x.sessions, ' || "propfolio_trade_partials_sql"(risk_only)
  || ' FROM ' || "propfolio_trade_opens_sql"(source, false) || ' x GROUP BY 1, 2, 3, 4, 5, 6, 7 '
  || 'ON CONFLICT ("accountId", "timeZone", "symbol", "side", "wd", "hr", "sessions") DO UPDATE SET '
  || "propfolio_trade_partials_add_sql"(risk_only)
$f$;

-- Adds the rows of `source` (Trade columns and "timeZone"; risk_only: and "sign") to the day's row of every grouping
-- they count in: overall (key ''), symbol, side, weekday and hour of the open, and each session it opened in (or
-- none), as groupsSql in trade-stats.ts adds cells up.
CREATE FUNCTION "propfolio_trade_day_groups_sql"(source text, risk_only boolean) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
SELECT 'INSERT INTO "TradeStatsDayGroup" AS c ("accountId", "timeZone", "day", "by", "key", '
  || "propfolio_trade_partials_columns"() || ') '
  || 'SELECT x."accountId", x."timeZone", x."day", g."by", g."key", ' || "propfolio_trade_partials_sql"(risk_only)
  || ' FROM ' || "propfolio_trade_opens_sql"(source, true) || ' x CROSS JOIN LATERAL ('
  || 'SELECT ''overall'' AS "by", '''' AS "key" UNION ALL SELECT ''symbol'', x."symbol" UNION ALL SELECT ''side'', x."side" '
  || 'UNION ALL SELECT ''weekday'', x.wd::text UNION ALL SELECT ''hour'', x.hr::text '
  || 'UNION ALL SELECT ''session'', ''tokyo'' WHERE x.sessions & 1 <> 0 UNION ALL SELECT ''session'', ''london'' WHERE x.sessions & 2 <> 0 '
  || 'UNION ALL SELECT ''session'', ''newYork'' WHERE x.sessions & 4 <> 0 UNION ALL SELECT ''session'', ''none'' WHERE x.sessions = 0) g '
  || 'GROUP BY 1, 2, 3, 4, 5 ON CONFLICT ("accountId", "timeZone", "day", "by", "key") DO UPDATE SET '
  || "propfolio_trade_partials_add_sql"(risk_only)
$f$;

-- Adds the rows of `source` (Trade columns and "timeZone") to the rows of the tags they carry, with_day: per day.
CREATE FUNCTION "propfolio_trade_tags_sql"(source text, with_day boolean) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
SELECT 'INSERT INTO ' || CASE WHEN with_day THEN '"TradeStatsDayTag"' ELSE '"TradeStatsTag"' END
  || ' AS c ("accountId", "timeZone", ' || CASE WHEN with_day THEN '"day", ' ELSE '' END || '"tag", '
  || "propfolio_trade_partials_columns"() || ') '
  || 'SELECT x."accountId", x."timeZone", ' || CASE WHEN with_day THEN 'x."day", ' ELSE '' END || 'x.tag, '
  || "propfolio_trade_partials_sql"(false)
  || ' FROM (SELECT s.*, ' || CASE WHEN with_day THEN '(s."closedAt" AT TIME ZONE s."timeZone")::date AS "day", ' ELSE '' END
  || 'tag FROM (' || source || ') s CROSS JOIN LATERAL unnest(s."tags") tag) x '
  || 'GROUP BY ' || CASE WHEN with_day THEN '1, 2, 3, 4' ELSE '1, 2, 3' END || ' ON CONFLICT ("accountId", "timeZone", '
  || CASE WHEN with_day THEN '"day", ' ELSE '' END || '"tag") DO UPDATE SET ' || "propfolio_trade_partials_add_sql"(false)
$f$;

-- Sets the runs of the days of the rows of `source` (Trade columns and "timeZone"), which must hold every trade of
-- each of those days: the outcomes in close order (closedAt, id), as propfolio_trade_outcomes.
CREATE FUNCTION "propfolio_trade_day_runs_sql"(source text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
SELECT 'INSERT INTO "TradeStatsDayRuns" AS c ("accountId", "timeZone", "day", "count", "prefixWins", "prefixLosses", '
  || '"suffixWins", "suffixLosses", "longestWins", "longestLosses", "firstClosedAt", "lastClosedAt") '
  || 'SELECT d."accountId", d."timeZone", d."day", r."count", r."prefixWins", r."prefixLosses", r."suffixWins", '
  || 'r."suffixLosses", r."longestWins", r."longestLosses", d."first", d."last" FROM ('
  || 'SELECT x."accountId", x."timeZone", (x."closedAt" AT TIME ZONE x."timeZone")::date AS "day", '
  || 'string_agg(CASE WHEN x."net" >= 0.005 THEN ''W'' WHEN x."net" <= -0.005 THEN ''L'' ELSE ''B'' END, '''' '
  || 'ORDER BY x."closedAt", x."id") AS "outcomes", min(x."closedAt") AS "first", max(x."closedAt") AS "last" '
  || 'FROM (' || source || ') x GROUP BY 1, 2, 3) d CROSS JOIN LATERAL "propfolio_trade_runs"(d."outcomes") r '
  || 'ON CONFLICT ("accountId", "timeZone", "day") DO UPDATE SET "count" = EXCLUDED."count", '
  || '"prefixWins" = EXCLUDED."prefixWins", "prefixLosses" = EXCLUDED."prefixLosses", "suffixWins" = EXCLUDED."suffixWins", '
  || '"suffixLosses" = EXCLUDED."suffixLosses", "longestWins" = EXCLUDED."longestWins", '
  || '"longestLosses" = EXCLUDED."longestLosses", "firstClosedAt" = EXCLUDED."firstClosedAt", "lastClosedAt" = EXCLUDED."lastClosedAt"'
$f$;

-- Builds the account's summary for the zone unless it exists (as before), its day rows with it.
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
  EXECUTE "propfolio_trade_day_groups_sql"(trades, false);
  EXECUTE "propfolio_trade_tags_sql"(trades || ' AND t."tags" <> ''{}''', true);
  EXECUTE "propfolio_trade_day_runs_sql"(trades);
  PERFORM "propfolio_trade_runs_rebuild"(account);
END
$f$;

CREATE OR REPLACE FUNCTION "propfolio_trade_stats_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $f$
DECLARE
  acc record;
  r record;
  added text := 'SELECT n.*, s."timeZone" FROM new_trades n JOIN "TradeStatsSummary" s ON s."accountId" = n."accountId"';
BEGIN
  -- Only accounts that have a summary (a read asked for them); the lock orders this write with a build (see build).
  PERFORM 1 FROM "EaAccount" a WHERE a."id" IN (SELECT DISTINCT n."accountId" FROM new_trades n) FOR KEY SHARE;
  IF NOT EXISTS (SELECT 1 FROM "TradeStatsSummary" s WHERE s."accountId" IN (SELECT DISTINCT n."accountId" FROM new_trades n)) THEN
    RETURN NULL;
  END IF;
  EXECUTE "propfolio_trade_cells_sql"(added, false);
  EXECUTE "propfolio_trade_tags_sql"(added || ' WHERE n."tags" <> ''{}''', false);
  EXECUTE "propfolio_trade_day_groups_sql"(added, false);
  EXECUTE "propfolio_trade_tags_sql"(added || ' WHERE n."tags" <> ''{}''', true);
  -- The runs of every day the new trades closed on, counted again from all that day's trades (a range of the
  -- account's close index: from the day's first instant in the zone to the next day's).
  EXECUTE "propfolio_trade_day_runs_sql"('SELECT t.*, k."timeZone" FROM (SELECT DISTINCT n."accountId", s."timeZone", '
    || '(n."closedAt" AT TIME ZONE s."timeZone")::date AS "day" FROM new_trades n JOIN "TradeStatsSummary" s ON s."accountId" = n."accountId") k '
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
  EXECUTE "propfolio_trade_day_groups_sql"(risk, true);
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
  EXECUTE "propfolio_trade_tags_sql"(retag, true);
  RETURN NULL;
END
$f$;

-- The summary's builders before this migration, now called by none.
DROP FUNCTION "propfolio_trade_cells_sql"(text);
DROP FUNCTION "propfolio_trade_tags_sql"(text);
