-- CreateTable
CREATE TABLE "TradeStatsSummary" (
    "accountId" TEXT NOT NULL,
    "timeZone" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    "firstClosedAt" TIMESTAMPTZ(3),
    "firstId" TEXT,
    "lastClosedAt" TIMESTAMPTZ(3),
    "lastId" TEXT,
    "prefixWins" INTEGER NOT NULL DEFAULT 0,
    "prefixLosses" INTEGER NOT NULL DEFAULT 0,
    "suffixWins" INTEGER NOT NULL DEFAULT 0,
    "suffixLosses" INTEGER NOT NULL DEFAULT 0,
    "longestWins" INTEGER NOT NULL DEFAULT 0,
    "longestLosses" INTEGER NOT NULL DEFAULT 0,
    "builtAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TradeStatsSummary_pkey" PRIMARY KEY ("accountId","timeZone")
);

-- CreateTable
CREATE TABLE "TradeStatsCell" (
    "accountId" TEXT NOT NULL,
    "timeZone" TEXT NOT NULL,
    "symbol" TEXT NOT NULL,
    "side" TEXT NOT NULL,
    "wd" INTEGER NOT NULL,
    "hr" INTEGER NOT NULL,
    "sessions" INTEGER NOT NULL,
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

    CONSTRAINT "TradeStatsCell_pkey" PRIMARY KEY ("accountId","timeZone","symbol","side","wd","hr","sessions")
);

-- CreateTable
CREATE TABLE "TradeStatsTag" (
    "accountId" TEXT NOT NULL,
    "timeZone" TEXT NOT NULL,
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

    CONSTRAINT "TradeStatsTag_pkey" PRIMARY KEY ("accountId","timeZone","tag")
);

-- AddForeignKey
ALTER TABLE "TradeStatsSummary" ADD CONSTRAINT "TradeStatsSummary_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "EaAccount"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TradeStatsCell" ADD CONSTRAINT "TradeStatsCell_accountId_timeZone_fkey" FOREIGN KEY ("accountId", "timeZone") REFERENCES "TradeStatsSummary"("accountId", "timeZone") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TradeStatsTag" ADD CONSTRAINT "TradeStatsTag_accountId_timeZone_fkey" FOREIGN KEY ("accountId", "timeZone") REFERENCES "TradeStatsSummary"("accountId", "timeZone") ON DELETE CASCADE ON UPDATE CASCADE;

-- get_trade_stats kept on write (issue 33, "Fast"). A summary exists per account and trader zone once a read asked
-- for that zone (propfolio_trade_stats_build); from then on the statement triggers on "Trade" below keep it in the
-- same transaction as every trade write, whoever writes (the tracker's message, a statement import, update_trade, the
-- trash). Inserts add exactly (sums, counts, GREATEST/LEAST of the extremes); a journal edit (tags, planned risk)
-- adjusts the risk sums and recomputes the touched tags; anything else (a trade's figures changed, trades deleted)
-- drops the account's summaries, which the next read builds again. The definitions must match the live read in
-- libs/domain/src/trades/trade-stats.ts (trade-stats-summary.spec.ts checks the two agree on random trade sets).

-- The SELECT list of one group's partial figures over rows with the Trade columns (sums and extremes only, so that
-- groups add up exactly into coarser ones). Breakeven: |net| < 0.005, as outcomeSql.
CREATE FUNCTION "propfolio_trade_partials_sql"() RETURNS text LANGUAGE sql IMMUTABLE AS $f$
SELECT 'count(*)::int, '
  || '(count(*) FILTER (WHERE x."net" >= 0.005))::int, '
  || '(count(*) FILTER (WHERE x."net" <= -0.005))::int, '
  || 'sum(x."net"), '
  || 'COALESCE(sum(x."net") FILTER (WHERE x."net" >= 0.005), 0), '
  || 'COALESCE(-sum(x."net") FILTER (WHERE x."net" <= -0.005), 0), '
  || 'max(x."net") FILTER (WHERE x."net" >= 0.005), '
  || 'min(x."net") FILTER (WHERE x."net" <= -0.005), '
  || 'sum(EXTRACT(EPOCH FROM x."closedAt" - x."openedAt")), '
  || '(count(*) FILTER (WHERE x."plannedRisk" > 0))::int, '
  || 'COALESCE(sum(x."net" / x."plannedRisk") FILTER (WHERE x."plannedRisk" > 0), 0), '
  || 'count(x."mae")::int, COALESCE(sum(x."mae"), 0), count(x."mfe")::int, COALESCE(sum(x."mfe"), 0)'
$f$;

-- The SET of an upsert that adds a group's partial figures to the stored row `c`.
CREATE FUNCTION "propfolio_trade_partials_add_sql"() RETURNS text LANGUAGE sql IMMUTABLE AS $f$
SELECT '"count" = c."count" + EXCLUDED."count", "wins" = c."wins" + EXCLUDED."wins", "losses" = c."losses" + EXCLUDED."losses", '
  || '"net" = c."net" + EXCLUDED."net", "grossProfit" = c."grossProfit" + EXCLUDED."grossProfit", '
  || '"grossLoss" = c."grossLoss" + EXCLUDED."grossLoss", "largestWin" = GREATEST(c."largestWin", EXCLUDED."largestWin"), '
  || '"largestLoss" = LEAST(c."largestLoss", EXCLUDED."largestLoss"), "holding" = c."holding" + EXCLUDED."holding", '
  || '"withRisk" = c."withRisk" + EXCLUDED."withRisk", "rSum" = c."rSum" + EXCLUDED."rSum", '
  || '"maeCount" = c."maeCount" + EXCLUDED."maeCount", "maeSum" = c."maeSum" + EXCLUDED."maeSum", '
  || '"mfeCount" = c."mfeCount" + EXCLUDED."mfeCount", "mfeSum" = c."mfeSum" + EXCLUDED."mfeSum"'
$f$;

-- Adds the rows of `source` (a query answering Trade columns and "timeZone") to their cells: symbol, side, ISO weekday
-- and hour of the open in the zone, and the sessions it opened in (bit 0 Tokyo 09–18, bit 1 London 08–17, bit 2 New
-- York 08–17, each in its own city's clock; SESSIONS in trade-stats.ts). Each zone converted once per row.
CREATE FUNCTION "propfolio_trade_cells_sql"(source text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
SELECT 'INSERT INTO "TradeStatsCell" AS c ("accountId", "timeZone", "symbol", "side", "wd", "hr", "sessions", "count", "wins", '
  || '"losses", "net", "grossProfit", "grossLoss", "largestWin", "largestLoss", "holding", "withRisk", "rSum", "maeCount", '
  || '"maeSum", "mfeCount", "mfeSum") '
  || 'SELECT x."accountId", x."timeZone", x."symbol", x."side", x.wd, x.hr, x.sessions, ' || "propfolio_trade_partials_sql"()
  || ' FROM (SELECT s.*, EXTRACT(ISODOW FROM l.trader)::int AS wd, EXTRACT(HOUR FROM l.trader)::int AS hr, '
  || '(CASE WHEN l.tokyo >= ''09:00'' AND l.tokyo < ''18:00'' THEN 1 ELSE 0 END) '
  || '+ (CASE WHEN l.london >= ''08:00'' AND l.london < ''17:00'' THEN 2 ELSE 0 END) '
  || '+ (CASE WHEN l."newYork" >= ''08:00'' AND l."newYork" < ''17:00'' THEN 4 ELSE 0 END) AS sessions '
  || 'FROM (' || source || ') s CROSS JOIN LATERAL (SELECT s."openedAt" AT TIME ZONE s."timeZone" AS trader, '
  || '(s."openedAt" AT TIME ZONE ''Asia/Tokyo'')::time AS tokyo, (s."openedAt" AT TIME ZONE ''Europe/London'')::time AS london, '
  || '(s."openedAt" AT TIME ZONE ''America/New_York'')::time AS "newYork" OFFSET 0) l) x '
  || 'GROUP BY 1, 2, 3, 4, 5, 6, 7 '
  || 'ON CONFLICT ("accountId", "timeZone", "symbol", "side", "wd", "hr", "sessions") DO UPDATE SET '
  || "propfolio_trade_partials_add_sql"()
$f$;

-- Adds the rows of `source` (Trade columns and "timeZone") to the rows of the tags they carry.
CREATE FUNCTION "propfolio_trade_tags_sql"(source text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
SELECT 'INSERT INTO "TradeStatsTag" AS c ("accountId", "timeZone", "tag", "count", "wins", "losses", "net", "grossProfit", '
  || '"grossLoss", "largestWin", "largestLoss", "holding", "withRisk", "rSum", "maeCount", "maeSum", "mfeCount", "mfeSum") '
  || 'SELECT x."accountId", x."timeZone", x.tag, ' || "propfolio_trade_partials_sql"()
  || ' FROM (SELECT s.*, tag FROM (' || source || ') s CROSS JOIN LATERAL unnest(s."tags") tag) x '
  || 'GROUP BY 1, 2, 3 ON CONFLICT ("accountId", "timeZone", "tag") DO UPDATE SET ' || "propfolio_trade_partials_add_sql"()
$f$;

-- Runs of wins (W) and losses (L) in an outcome string in close order: its length, the runs it starts and ends with,
-- and its longest; two strings' runs compose (propfolio_trade_runs_then), so an append needs only the new trades.
CREATE FUNCTION "propfolio_trade_runs"(outcomes text, OUT "count" int, OUT "prefixWins" int, OUT "prefixLosses" int,
  OUT "suffixWins" int, OUT "suffixLosses" int, OUT "longestWins" int, OUT "longestLosses" int)
LANGUAGE sql IMMUTABLE AS $f$
SELECT length(o), length(substring(o FROM '^W*')), length(substring(o FROM '^L*')), length(substring(o FROM 'W*$')),
  length(substring(o FROM 'L*$')),
  COALESCE((SELECT max(length(m[1])) FROM regexp_matches(o, '(W+)', 'g') m), 0),
  COALESCE((SELECT max(length(m[1])) FROM regexp_matches(o, '(L+)', 'g') m), 0)
FROM (SELECT COALESCE(outcomes, '') AS o) s
$f$;

-- The outcome letters of an account's trades in close order (closedAt, id).
CREATE FUNCTION "propfolio_trade_outcomes"(account text) RETURNS text LANGUAGE sql STABLE AS $f$
SELECT string_agg(CASE WHEN t."net" >= 0.005 THEN 'W' WHEN t."net" <= -0.005 THEN 'L' ELSE 'B' END, ''
  ORDER BY t."closedAt", t."id") FROM "Trade" t WHERE t."accountId" = account
$f$;

-- Sets the runs of every summary of the account from all its trades.
CREATE FUNCTION "propfolio_trade_runs_rebuild"(account text) RETURNS void LANGUAGE plpgsql AS $f$
DECLARE
  r record;
BEGIN
  SELECT * INTO r FROM "propfolio_trade_runs"("propfolio_trade_outcomes"(account));
  UPDATE "TradeStatsSummary" s SET "count" = r."count", "prefixWins" = r."prefixWins", "prefixLosses" = r."prefixLosses",
    "suffixWins" = r."suffixWins", "suffixLosses" = r."suffixLosses", "longestWins" = r."longestWins",
    "longestLosses" = r."longestLosses",
    "firstClosedAt" = f."closedAt", "firstId" = f."id", "lastClosedAt" = l."closedAt", "lastId" = l."id"
  FROM (SELECT 1) one
  LEFT JOIN LATERAL (SELECT t."closedAt", t."id" FROM "Trade" t WHERE t."accountId" = account ORDER BY t."closedAt", t."id" LIMIT 1) f ON true
  LEFT JOIN LATERAL (SELECT t."closedAt", t."id" FROM "Trade" t WHERE t."accountId" = account ORDER BY t."closedAt" DESC, t."id" DESC LIMIT 1) l ON true
  WHERE s."accountId" = account;
END
$f$;

-- Builds the account's summary for the zone unless it exists. At most four zones are kept per account (each costs
-- every write of the account its cells' upsert): a fifth drops the oldest built.
CREATE FUNCTION "propfolio_trade_stats_build"(account text, zone text) RETURNS void LANGUAGE plpgsql AS $f$
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
  EXECUTE "propfolio_trade_cells_sql"(format('SELECT t.*, %L::text AS "timeZone" FROM "Trade" t WHERE t."accountId" = %L', zone, account));
  EXECUTE "propfolio_trade_tags_sql"(format('SELECT t.*, %L::text AS "timeZone" FROM "Trade" t WHERE t."accountId" = %L AND t."tags" <> ''{}''', zone, account));
  PERFORM "propfolio_trade_runs_rebuild"(account);
END
$f$;

CREATE FUNCTION "propfolio_trade_stats_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $f$
DECLARE
  acc record;
  r record;
BEGIN
  -- Only accounts that have a summary (a read asked for them); the lock orders this write with a build (see build).
  PERFORM 1 FROM "EaAccount" a WHERE a."id" IN (SELECT DISTINCT n."accountId" FROM new_trades n) FOR KEY SHARE;
  IF NOT EXISTS (SELECT 1 FROM "TradeStatsSummary" s WHERE s."accountId" IN (SELECT DISTINCT n."accountId" FROM new_trades n)) THEN
    RETURN NULL;
  END IF;
  EXECUTE "propfolio_trade_cells_sql"('SELECT n.*, s."timeZone" FROM new_trades n JOIN "TradeStatsSummary" s ON s."accountId" = n."accountId"');
  EXECUTE "propfolio_trade_tags_sql"('SELECT n.*, s."timeZone" FROM new_trades n JOIN "TradeStatsSummary" s ON s."accountId" = n."accountId" WHERE n."tags" <> ''{}''');
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

CREATE FUNCTION "propfolio_trade_stats_on_update"() RETURNS trigger LANGUAGE plpgsql AS $f$
DECLARE
  touched text;
BEGIN
  PERFORM 1 FROM "EaAccount" a WHERE a."id" IN (SELECT n."accountId" FROM new_trades n UNION SELECT o."accountId" FROM old_trades o) FOR KEY SHARE;
  IF NOT EXISTS (SELECT 1 FROM "TradeStatsSummary" s WHERE s."accountId" IN (SELECT n."accountId" FROM new_trades n UNION SELECT o."accountId" FROM old_trades o)) THEN
    RETURN NULL;
  END IF;
  -- A trade whose figures changed (a broker's correction, a partial close completed) may have been a cell's extreme:
  -- its account's summaries are dropped and built again by the next read.
  DELETE FROM "TradeStatsSummary" s WHERE s."accountId" IN (
    SELECT x."accountId" FROM (SELECT * FROM old_trades UNION ALL SELECT * FROM new_trades) x
    WHERE NOT EXISTS (SELECT 1 FROM old_trades o JOIN new_trades n ON n."id" = o."id" WHERE o."id" = x."id"
      AND (o."accountId", o."symbol", o."side", o."net", o."openedAt", o."closedAt", o."mae", o."mfe")
        IS NOT DISTINCT FROM (n."accountId", n."symbol", n."side", n."net", n."openedAt", n."closedAt", n."mae", n."mfe")));
  -- A journal edit: the planned risk's count and R sum move by the difference (exact: the same quotients are added
  -- and taken away); the cells exist, since the trade is counted in them.
  EXECUTE 'INSERT INTO "TradeStatsCell" AS c ("accountId", "timeZone", "symbol", "side", "wd", "hr", "sessions", "count", "wins", '
    || '"losses", "net", "grossProfit", "grossLoss", "largestWin", "largestLoss", "holding", "withRisk", "rSum", "maeCount", '
    || '"maeSum", "mfeCount", "mfeSum") '
    || 'SELECT d."accountId", d."timeZone", d."symbol", d."side", d."wd", d."hr", d."sessions", 0, 0, 0, 0, 0, 0, NULL, NULL, 0, '
    || 'sum(d."withRisk")::int, sum(d."rSum"), 0, 0, 0, 0 FROM (SELECT x."accountId", x."timeZone", x."symbol", x."side", '
    || 'EXTRACT(ISODOW FROM x."openedAt" AT TIME ZONE x."timeZone")::int AS wd, EXTRACT(HOUR FROM x."openedAt" AT TIME ZONE x."timeZone")::int AS hr, '
    || '(CASE WHEN (x."openedAt" AT TIME ZONE ''Asia/Tokyo'')::time >= ''09:00'' AND (x."openedAt" AT TIME ZONE ''Asia/Tokyo'')::time < ''18:00'' THEN 1 ELSE 0 END) '
    || '+ (CASE WHEN (x."openedAt" AT TIME ZONE ''Europe/London'')::time >= ''08:00'' AND (x."openedAt" AT TIME ZONE ''Europe/London'')::time < ''17:00'' THEN 2 ELSE 0 END) '
    || '+ (CASE WHEN (x."openedAt" AT TIME ZONE ''America/New_York'')::time >= ''08:00'' AND (x."openedAt" AT TIME ZONE ''America/New_York'')::time < ''17:00'' THEN 4 ELSE 0 END) AS sessions, '
    || 'x.sign * (CASE WHEN x."plannedRisk" > 0 THEN 1 ELSE 0 END) AS "withRisk", '
    || 'x.sign * (CASE WHEN x."plannedRisk" > 0 THEN x."net" / x."plannedRisk" ELSE 0 END) AS "rSum" '
    || 'FROM (SELECT n.*, 1 AS sign FROM new_trades n JOIN old_trades o ON o."id" = n."id" WHERE o."plannedRisk" IS DISTINCT FROM n."plannedRisk" '
    || 'UNION ALL SELECT o.*, -1 AS sign FROM old_trades o JOIN new_trades n ON n."id" = o."id" WHERE o."plannedRisk" IS DISTINCT FROM n."plannedRisk") y '
    || 'JOIN "TradeStatsSummary" s ON s."accountId" = y."accountId" CROSS JOIN LATERAL (SELECT y.*, s."timeZone") x) d '
    || 'GROUP BY 1, 2, 3, 4, 5, 6, 7 '
    || 'ON CONFLICT ("accountId", "timeZone", "symbol", "side", "wd", "hr", "sessions") DO UPDATE SET '
    || '"withRisk" = c."withRisk" + EXCLUDED."withRisk", "rSum" = c."rSum" + EXCLUDED."rSum"';
  -- The tags a journal edit touched (the trade's old and new tags, when its tags or planned risk changed) are
  -- counted again from the account's trades: taking a trade out of a tag may take away its largest win or loss.
  touched := 'SELECT DISTINCT y."accountId", tag FROM ('
    || 'SELECT n."accountId", n."tags" FROM new_trades n JOIN old_trades o ON o."id" = n."id" '
    || 'WHERE (o."tags", o."plannedRisk") IS DISTINCT FROM (n."tags", n."plannedRisk") '
    || 'UNION ALL SELECT o."accountId", o."tags" FROM old_trades o JOIN new_trades n ON n."id" = o."id" '
    || 'WHERE (o."tags", o."plannedRisk") IS DISTINCT FROM (n."tags", n."plannedRisk")) y '
    || 'CROSS JOIN LATERAL unnest(y."tags") tag WHERE y."accountId" IN (SELECT s."accountId" FROM "TradeStatsSummary" s)';
  EXECUTE 'DELETE FROM "TradeStatsTag" g USING (' || touched || ') k WHERE g."accountId" = k."accountId" AND g."tag" = k."tag"';
  EXECUTE "propfolio_trade_tags_sql"('WITH touched AS (' || touched || ') '
    || 'SELECT t."accountId", t."net", t."openedAt", t."closedAt", t."plannedRisk", t."mae", t."mfe", s."timeZone", '
    || 'ARRAY(SELECT tag FROM unnest(t."tags") tag WHERE (t."accountId", tag) IN (SELECT k."accountId", k."tag" FROM touched k)) AS "tags" '
    || 'FROM "Trade" t JOIN "TradeStatsSummary" s ON s."accountId" = t."accountId" '
    || 'WHERE t."accountId" IN (SELECT k."accountId" FROM touched k) AND t."tags" && (SELECT array_agg(k."tag") FROM touched k)');
  RETURN NULL;
END
$f$;

CREATE FUNCTION "propfolio_trade_stats_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  PERFORM 1 FROM "EaAccount" a WHERE a."id" IN (SELECT DISTINCT o."accountId" FROM old_trades o) FOR KEY SHARE;
  DELETE FROM "TradeStatsSummary" s WHERE s."accountId" IN (SELECT DISTINCT o."accountId" FROM old_trades o);
  RETURN NULL;
END
$f$;

CREATE TRIGGER "Trade_stats_inserts" AFTER INSERT ON "Trade" REFERENCING NEW TABLE AS new_trades
  FOR EACH STATEMENT EXECUTE FUNCTION "propfolio_trade_stats_on_insert"();
CREATE TRIGGER "Trade_stats_updates" AFTER UPDATE ON "Trade" REFERENCING OLD TABLE AS old_trades NEW TABLE AS new_trades
  FOR EACH STATEMENT EXECUTE FUNCTION "propfolio_trade_stats_on_update"();
CREATE TRIGGER "Trade_stats_deletes" AFTER DELETE ON "Trade" REFERENCING OLD TABLE AS old_trades
  FOR EACH STATEMENT EXECUTE FUNCTION "propfolio_trade_stats_on_delete"();
