-- CreateTable
CREATE TABLE "TrashedTrade" (
    "entryId" TEXT NOT NULL,
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
    "exits" JSONB NOT NULL,
    "tags" TEXT[],
    "note" TEXT,
    "setup" TEXT,
    "plannedRisk" DECIMAL(19,4),
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "TrashedTrade_pkey" PRIMARY KEY ("entryId","id")
);

-- AddForeignKey
ALTER TABLE "TrashedTrade" ADD CONSTRAINT "TrashedTrade_entryId_fkey" FOREIGN KEY ("entryId") REFERENCES "TrashEntry"("id") ON DELETE CASCADE ON UPDATE CASCADE;
