-- CreateTable
CREATE TABLE "CsvMapping" (
    "userId" TEXT NOT NULL,
    "headerKey" TEXT NOT NULL,
    "header" JSONB NOT NULL,
    "mapping" JSONB NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "usedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CsvMapping_pkey" PRIMARY KEY ("userId","headerKey")
);

-- AddForeignKey
ALTER TABLE "CsvMapping" ADD CONSTRAINT "CsvMapping_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
