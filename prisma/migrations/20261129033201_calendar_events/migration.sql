-- CreateTable
CREATE TABLE "CalendarEvent" (
    "id" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "timing" TEXT NOT NULL,
    "currency" VARCHAR(8) NOT NULL,
    "impact" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "forecast" TEXT,
    "previous" TEXT,
    "source" TEXT NOT NULL,
    "importedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CalendarEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "CalendarEvent_at_currency_title_key" ON "CalendarEvent"("at", "currency", "title");
