-- AlterTable
ALTER TABLE "EaAccount" ADD COLUMN     "platform" "TradingPlatform";

-- What is known of the accounts registered before this column: the tracker's registration never said which EA sent
-- it (MT4 or MT5), and no trade records its source, so the only fact is the platform the trader recorded on the
-- linked challenge (the challenge trades on it, so its accounts do). Every other account stays null: not recorded,
-- until update_account records it or a statement is imported into it.
UPDATE "EaAccount" a SET "platform" = c."platform"
FROM "Challenge" c
WHERE c."id" = a."challengeId" AND c."platform" IS NOT NULL;
