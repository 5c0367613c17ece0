-- CreateTable
CREATE TABLE "CatalogImport" (
    "id" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "records" INTEGER NOT NULL,
    "importedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CatalogImport_pkey" PRIMARY KEY ("id")
);
