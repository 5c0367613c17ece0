-- AlterTable
ALTER TABLE "IntradayEquity" ADD COLUMN     "openPositions" JSONB;
