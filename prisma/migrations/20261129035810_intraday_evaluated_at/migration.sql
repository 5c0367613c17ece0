-- AlterTable
ALTER TABLE "IntradayEquity" ADD COLUMN     "evaluatedAt" TIMESTAMPTZ(3);

-- Rows written before this column were judged (or lost) by the process of their time: the first start after the
-- migration does not evaluate every account's recent days again.
UPDATE "IntradayEquity" SET "evaluatedAt" = CURRENT_TIMESTAMP;
