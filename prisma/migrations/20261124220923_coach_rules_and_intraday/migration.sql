-- AlterTable
ALTER TABLE "Challenge" ADD COLUMN     "rulesOverride" JSONB;

-- CreateTable
CREATE TABLE "IntradayEquity" (
    "accountId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "balance" DECIMAL(19,4) NOT NULL,
    "equity" DECIMAL(19,4) NOT NULL,
    "minEquity" DECIMAL(19,4) NOT NULL,
    "minEquityAt" TIMESTAMPTZ(3) NOT NULL,
    "maxEquity" DECIMAL(19,4) NOT NULL,
    "maxEquityAt" TIMESTAMPTZ(3) NOT NULL,
    "firstAt" TIMESTAMPTZ(3) NOT NULL,
    "firstBalance" DECIMAL(19,4) NOT NULL,
    "firstEquity" DECIMAL(19,4) NOT NULL,
    "snapshots" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "IntradayEquity_pkey" PRIMARY KEY ("accountId","day")
);

-- CreateTable
CREATE TABLE "PlanRuleVersion" (
    "id" TEXT NOT NULL,
    "planId" TEXT NOT NULL,
    "rules" JSONB NOT NULL,
    "checkedOn" DATE NOT NULL,
    "recordedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PlanRuleVersion_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PlanRuleVersion_planId_checkedOn_idx" ON "PlanRuleVersion"("planId", "checkedOn");

-- AddForeignKey
ALTER TABLE "IntradayEquity" ADD CONSTRAINT "IntradayEquity_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "EaAccount"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PlanRuleVersion" ADD CONSTRAINT "PlanRuleVersion_planId_fkey" FOREIGN KEY ("planId") REFERENCES "Plan"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- The rules each plan has today become its first version (checked on the plan's own date), so a challenge
-- bought before the next rule change keeps them; later imports add a version only when the rules change.
INSERT INTO "PlanRuleVersion" ("id", "planId", "rules", "checkedOn")
SELECT gen_random_uuid()::text, "id", "rules", "checkedOn" FROM "Plan";

-- Snapshots change their owner's answers like reports do; rule versions change the catalog's.
CREATE TRIGGER "IntradayEquity_changes" AFTER INSERT OR UPDATE OR DELETE ON "IntradayEquity" FOR EACH ROW EXECUTE FUNCTION "propfolio_notify_report_change"();
CREATE TRIGGER "PlanRuleVersion_changes" AFTER INSERT OR UPDATE OR DELETE ON "PlanRuleVersion" FOR EACH STATEMENT EXECUTE FUNCTION "propfolio_notify_catalog_change"();
