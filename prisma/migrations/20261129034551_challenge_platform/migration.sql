-- CreateEnum
CREATE TYPE "TradingPlatform" AS ENUM ('mt4', 'mt5', 'ctrader', 'dxtrade', 'matchtrader', 'tradelocker', 'ninjatrader', 'tradovate', 'topstepx', 'rithmic', 'other');

-- AlterTable
ALTER TABLE "Challenge" ADD COLUMN     "platform" "TradingPlatform";
