-- CreateTable
CREATE TABLE "Trade" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "position" TEXT NOT NULL,
    "symbol" TEXT NOT NULL,
    "side" TEXT NOT NULL,
    "volume" DECIMAL(24,8) NOT NULL,
    "openedAt" TIMESTAMPTZ(3) NOT NULL,
    "closedAt" TIMESTAMPTZ(3) NOT NULL,
    "openPrice" DECIMAL(24,8) NOT NULL,
    "closePrice" DECIMAL(24,8) NOT NULL,
    "stopLoss" DECIMAL(24,8),
    "takeProfit" DECIMAL(24,8),
    "commission" DECIMAL(19,4) NOT NULL,
    "swap" DECIMAL(19,4) NOT NULL,
    "fee" DECIMAL(19,4) NOT NULL,
    "profit" DECIMAL(19,4) NOT NULL,
    "net" DECIMAL(19,4) NOT NULL,
    "comment" TEXT,
    "magic" DECIMAL(20,0),
    "mae" DECIMAL(19,4),
    "mfe" DECIMAL(19,4),
    "exits" JSONB NOT NULL DEFAULT '[]',
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "note" TEXT,
    "setup" TEXT,
    "plannedRisk" DECIMAL(19,4),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Trade_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Trade_accountId_closedAt_id_idx" ON "Trade"("accountId", "closedAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Trade_userId_closedAt_id_idx" ON "Trade"("userId", "closedAt" DESC, "id" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "Trade_accountId_position_key" ON "Trade"("accountId", "position");

-- AddForeignKey
ALTER TABLE "Trade" ADD CONSTRAINT "Trade_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "EaAccount"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Trade" ADD CONSTRAINT "Trade_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Answer caches drop a user's answers when their records change (change_notifications). A tracker message or a
-- statement writes up to thousands of trades in one statement, so these triggers announce once per statement and
-- owner (from the transition table), not once per row as the triggers of single-row records do.
CREATE FUNCTION "propfolio_notify_trade_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "propfolio_announce_change"(owners."userId") FROM (SELECT DISTINCT "userId" FROM changed_trades) owners;
  RETURN NULL;
END
$$;

CREATE TRIGGER "Trade_inserts" AFTER INSERT ON "Trade" REFERENCING NEW TABLE AS changed_trades
  FOR EACH STATEMENT EXECUTE FUNCTION "propfolio_notify_trade_change"();
CREATE TRIGGER "Trade_updates" AFTER UPDATE ON "Trade" REFERENCING NEW TABLE AS changed_trades
  FOR EACH STATEMENT EXECUTE FUNCTION "propfolio_notify_trade_change"();
CREATE TRIGGER "Trade_deletes" AFTER DELETE ON "Trade" REFERENCING OLD TABLE AS changed_trades
  FOR EACH STATEMENT EXECUTE FUNCTION "propfolio_notify_trade_change"();
