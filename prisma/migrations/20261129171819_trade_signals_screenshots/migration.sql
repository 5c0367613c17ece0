-- AlterTable
ALTER TABLE "Trade" ADD COLUMN     "signalId" TEXT;

-- AlterTable
ALTER TABLE "TrashedTrade" ADD COLUMN     "signalId" TEXT;

-- CreateTable
CREATE TABLE "TradeScreenshot" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "tradeId" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "bytes" BYTEA NOT NULL,
    "size" INTEGER NOT NULL,
    "caption" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TradeScreenshot_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "TradeScreenshot_userId_tradeId_createdAt_idx" ON "TradeScreenshot"("userId", "tradeId", "createdAt");

-- CreateIndex
CREATE INDEX "Trade_userId_signalId_idx" ON "Trade"("userId", "signalId");

-- AddForeignKey
ALTER TABLE "TradeScreenshot" ADD CONSTRAINT "TradeScreenshot_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
