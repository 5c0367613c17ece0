-- CreateEnum
CREATE TYPE "PayoutStatus" AS ENUM ('requested', 'paid', 'denied');

-- CreateEnum
CREATE TYPE "CostKind" AS ENUM ('reset_fee', 'activation_fee', 'addon', 'data_fee', 'refund', 'other');

-- AlterTable
ALTER TABLE "Challenge" ADD COLUMN     "couponCode" TEXT,
ADD COLUMN     "fxCurrency" CHAR(3),
ADD COLUMN     "fxRate" DECIMAL(19,8),
ADD COLUMN     "listPrice" DECIMAL(19,4),
ADD COLUMN     "planId" TEXT,
ADD COLUMN     "resetOfId" TEXT;

-- AlterTable
ALTER TABLE "Payout" ADD COLUMN     "deniedReason" TEXT,
ADD COLUMN     "fxCurrency" CHAR(3),
ADD COLUMN     "fxRate" DECIMAL(19,8),
ADD COLUMN     "grossAmount" DECIMAL(19,4),
ADD COLUMN     "method" TEXT,
ADD COLUMN     "splitPercent" DECIMAL(7,4),
ADD COLUMN     "status" "PayoutStatus" NOT NULL DEFAULT 'paid';

-- CreateTable
CREATE TABLE "ChallengeCost" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "challengeId" TEXT NOT NULL,
    "kind" "CostKind" NOT NULL,
    "amount" DECIMAL(19,4) NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "date" DATE NOT NULL,
    "note" TEXT,
    "fxRate" DECIMAL(19,8),
    "fxCurrency" CHAR(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ChallengeCost_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ChallengeEvent" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "challengeId" TEXT NOT NULL,
    "date" DATE NOT NULL,
    "phase" TEXT NOT NULL,
    "status" "ChallengeStatus" NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ChallengeEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FxRate" (
    "userId" TEXT NOT NULL,
    "date" DATE NOT NULL,
    "base" CHAR(3) NOT NULL,
    "quote" CHAR(3) NOT NULL,
    "rate" DECIMAL(19,8) NOT NULL,
    "importedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FxRate_pkey" PRIMARY KEY ("userId","base","quote","date")
);

-- CreateIndex
CREATE INDEX "ChallengeCost_userId_date_idx" ON "ChallengeCost"("userId", "date");

-- CreateIndex
CREATE INDEX "ChallengeCost_challengeId_idx" ON "ChallengeCost"("challengeId");

-- CreateIndex
CREATE INDEX "ChallengeEvent_challengeId_date_idx" ON "ChallengeEvent"("challengeId", "date");

-- CreateIndex
CREATE INDEX "ChallengeEvent_userId_idx" ON "ChallengeEvent"("userId");

-- AddForeignKey
ALTER TABLE "Challenge" ADD CONSTRAINT "Challenge_resetOfId_fkey" FOREIGN KEY ("resetOfId") REFERENCES "Challenge"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChallengeCost" ADD CONSTRAINT "ChallengeCost_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChallengeCost" ADD CONSTRAINT "ChallengeCost_challengeId_fkey" FOREIGN KEY ("challengeId") REFERENCES "Challenge"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChallengeEvent" ADD CONSTRAINT "ChallengeEvent_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChallengeEvent" ADD CONSTRAINT "ChallengeEvent_challengeId_fkey" FOREIGN KEY ("challengeId") REFERENCES "Challenge"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FxRate" ADD CONSTRAINT "FxRate_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Data: the history of the challenges recorded before it existed, from their own dates (purchase, pass,
-- breach) with the phase they have now (earlier phase names were not kept). Existing payouts default to paid.
INSERT INTO "ChallengeEvent" ("id", "userId", "challengeId", "date", "phase", "status", "createdAt")
SELECT gen_random_uuid()::text, "userId", "id", "purchasedAt", "phase", 'in_progress', CURRENT_TIMESTAMP FROM "Challenge";
INSERT INTO "ChallengeEvent" ("id", "userId", "challengeId", "date", "phase", "status", "createdAt")
SELECT gen_random_uuid()::text, "userId", "id", "passedAt", "phase", 'passed', CURRENT_TIMESTAMP + interval '1 millisecond' FROM "Challenge" WHERE "passedAt" IS NOT NULL;
INSERT INTO "ChallengeEvent" ("id", "userId", "challengeId", "date", "phase", "status", "createdAt")
SELECT gen_random_uuid()::text, "userId", "id", "failedAt", "phase", 'failed', CURRENT_TIMESTAMP + interval '2 milliseconds' FROM "Challenge" WHERE "failedAt" IS NOT NULL;
