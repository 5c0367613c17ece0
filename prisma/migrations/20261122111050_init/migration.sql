-- CreateEnum
CREATE TYPE "ChallengeStatus" AS ENUM ('in_progress', 'passed', 'failed');

-- CreateEnum
CREATE TYPE "Billing" AS ENUM ('one_time', 'monthly');

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiKey" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "label" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revokedAt" TIMESTAMPTZ(3),
    "lastUsedAt" TIMESTAMPTZ(3),

    CONSTRAINT "ApiKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Challenge" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "firm" TEXT NOT NULL,
    "plan" TEXT NOT NULL,
    "price" DECIMAL(19,4) NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "billing" "Billing" NOT NULL DEFAULT 'one_time',
    "phase" TEXT NOT NULL,
    "status" "ChallengeStatus" NOT NULL DEFAULT 'in_progress',
    "paymentMethod" TEXT,
    "purchasedAt" DATE NOT NULL,
    "passedAt" DATE,
    "failedAt" DATE,
    "monthlyEndedAt" DATE,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Challenge_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Memo" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "challengeId" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Memo_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Payout" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "challengeId" TEXT NOT NULL,
    "amount" DECIMAL(19,4) NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "date" DATE NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Payout_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EaAccount" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "challengeId" TEXT,
    "login" TEXT NOT NULL,
    "server" TEXT NOT NULL,
    "name" TEXT,
    "currency" CHAR(3) NOT NULL,
    "initialBalance" DECIMAL(19,4) NOT NULL,
    "balance" DECIMAL(19,4) NOT NULL,
    "equity" DECIMAL(19,4) NOT NULL,
    "lastReportOn" DATE,
    "archivedAt" TIMESTAMPTZ(3),
    "archivedReason" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EaAccount_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DailyPnl" (
    "accountId" TEXT NOT NULL,
    "date" DATE NOT NULL,
    "balance" DECIMAL(19,4) NOT NULL,
    "equity" DECIMAL(19,4) NOT NULL,
    "closedPnl" DECIMAL(19,4) NOT NULL,
    "reportedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DailyPnl_pkey" PRIMARY KEY ("accountId","date")
);

-- CreateTable
CREATE TABLE "IdempotencyRecord" (
    "userId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "statusCode" INTEGER NOT NULL,
    "responseBody" JSONB NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "IdempotencyRecord_pkey" PRIMARY KEY ("userId","key")
);

-- CreateTable
CREATE TABLE "Firm" (
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "aliases" TEXT[],
    "website" TEXT,
    "notes" TEXT,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Firm_pkey" PRIMARY KEY ("slug")
);

-- CreateTable
CREATE TABLE "Plan" (
    "id" TEXT NOT NULL,
    "firmSlug" TEXT NOT NULL,
    "program" TEXT NOT NULL,
    "phases" INTEGER NOT NULL,
    "accountSize" DECIMAL(19,2),
    "currency" CHAR(3) NOT NULL,
    "billing" "Billing" NOT NULL,
    "price" DECIMAL(19,2),
    "rules" JSONB NOT NULL,
    "checkedOn" DATE NOT NULL,
    "sourceUrl" TEXT NOT NULL,
    "notes" TEXT,
    "contentHash" TEXT NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Plan_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PlanPrice" (
    "id" TEXT NOT NULL,
    "planId" TEXT NOT NULL,
    "price" DECIMAL(19,2),
    "currency" CHAR(3) NOT NULL,
    "checkedOn" DATE NOT NULL,
    "recordedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PlanPrice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Article" (
    "slug" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "tags" TEXT[],
    "language" TEXT NOT NULL,
    "checkedOn" DATE NOT NULL,
    "publishedAt" DATE NOT NULL,
    "normTitle" TEXT NOT NULL,
    "normTags" TEXT NOT NULL,
    "normSummary" TEXT NOT NULL,
    "normBody" TEXT NOT NULL,
    "grams" TEXT[],
    "contentHash" TEXT NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Article_pkey" PRIMARY KEY ("slug")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_name_key" ON "User"("name");

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_prefix_key" ON "ApiKey"("prefix");

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_hash_key" ON "ApiKey"("hash");

-- CreateIndex
CREATE INDEX "ApiKey_userId_idx" ON "ApiKey"("userId");

-- CreateIndex
CREATE INDEX "Challenge_userId_status_createdAt_id_idx" ON "Challenge"("userId", "status", "createdAt" DESC, "id");

-- CreateIndex
CREATE INDEX "Challenge_userId_createdAt_id_idx" ON "Challenge"("userId", "createdAt" DESC, "id");

-- CreateIndex
CREATE INDEX "Memo_challengeId_createdAt_idx" ON "Memo"("challengeId", "createdAt");

-- CreateIndex
CREATE INDEX "Payout_userId_date_id_idx" ON "Payout"("userId", "date" DESC, "id");

-- CreateIndex
CREATE INDEX "Payout_challengeId_idx" ON "Payout"("challengeId");

-- CreateIndex
CREATE INDEX "EaAccount_userId_createdAt_id_idx" ON "EaAccount"("userId", "createdAt" DESC, "id");

-- CreateIndex
CREATE INDEX "EaAccount_challengeId_idx" ON "EaAccount"("challengeId");

-- CreateIndex
CREATE UNIQUE INDEX "EaAccount_userId_server_login_key" ON "EaAccount"("userId", "server", "login");

-- CreateIndex
CREATE INDEX "IdempotencyRecord_createdAt_idx" ON "IdempotencyRecord"("createdAt");

-- CreateIndex
CREATE INDEX "Plan_firmSlug_idx" ON "Plan"("firmSlug");

-- CreateIndex
CREATE INDEX "Plan_price_idx" ON "Plan"("price");

-- CreateIndex
CREATE INDEX "PlanPrice_planId_checkedOn_idx" ON "PlanPrice"("planId", "checkedOn");

-- CreateIndex
CREATE INDEX "Article_grams_idx" ON "Article" USING GIN ("grams");

-- CreateIndex
CREATE INDEX "Article_publishedAt_slug_idx" ON "Article"("publishedAt" DESC, "slug");

-- AddForeignKey
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Challenge" ADD CONSTRAINT "Challenge_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Memo" ADD CONSTRAINT "Memo_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Memo" ADD CONSTRAINT "Memo_challengeId_fkey" FOREIGN KEY ("challengeId") REFERENCES "Challenge"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payout" ADD CONSTRAINT "Payout_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payout" ADD CONSTRAINT "Payout_challengeId_fkey" FOREIGN KEY ("challengeId") REFERENCES "Challenge"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EaAccount" ADD CONSTRAINT "EaAccount_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EaAccount" ADD CONSTRAINT "EaAccount_challengeId_fkey" FOREIGN KEY ("challengeId") REFERENCES "Challenge"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DailyPnl" ADD CONSTRAINT "DailyPnl_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "EaAccount"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IdempotencyRecord" ADD CONSTRAINT "IdempotencyRecord_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Plan" ADD CONSTRAINT "Plan_firmSlug_fkey" FOREIGN KEY ("firmSlug") REFERENCES "Firm"("slug") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PlanPrice" ADD CONSTRAINT "PlanPrice_planId_fkey" FOREIGN KEY ("planId") REFERENCES "Plan"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
