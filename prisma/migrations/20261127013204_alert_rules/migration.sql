-- CreateTable
CREATE TABLE "AlertRuleSet" (
    "challengeId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "rules" JSONB NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "AlertRuleSet_pkey" PRIMARY KEY ("challengeId")
);

-- CreateTable
CREATE TABLE "AlertFired" (
    "accountId" TEXT NOT NULL,
    "rule" TEXT NOT NULL,
    "threshold" INTEGER NOT NULL,
    "firmDay" DATE NOT NULL,
    "firedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AlertFired_pkey" PRIMARY KEY ("accountId","rule","threshold","firmDay")
);

-- AddForeignKey
ALTER TABLE "AlertRuleSet" ADD CONSTRAINT "AlertRuleSet_challengeId_fkey" FOREIGN KEY ("challengeId") REFERENCES "Challenge"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AlertRuleSet" ADD CONSTRAINT "AlertRuleSet_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AlertFired" ADD CONSTRAINT "AlertFired_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "EaAccount"("id") ON DELETE CASCADE ON UPDATE CASCADE;
