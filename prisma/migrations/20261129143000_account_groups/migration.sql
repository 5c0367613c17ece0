-- CreateTable
CREATE TABLE "AccountGroup" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AccountGroup_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AccountGroupMember" (
    "groupId" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "multiplier" DECIMAL(12,4) NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "AccountGroupMember_pkey" PRIMARY KEY ("groupId","accountId")
);

-- CreateIndex
CREATE UNIQUE INDEX "AccountGroup_userId_name_key" ON "AccountGroup"("userId", "name");

-- CreateIndex
CREATE INDEX "AccountGroupMember_accountId_idx" ON "AccountGroupMember"("accountId");

-- AddForeignKey
ALTER TABLE "AccountGroup" ADD CONSTRAINT "AccountGroup_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AccountGroupMember" ADD CONSTRAINT "AccountGroupMember_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "AccountGroup"("id") ON DELETE CASCADE ON UPDATE CASCADE;
