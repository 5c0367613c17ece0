/**
 * The benchmarks' baseline: a bare NestJS (Express) app with one GET route answering a fixed JSON body of
 * about the size of a summary, no database, no middleware. Run with plain `node`; prints its port.
 */
import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

const body = {
  counts: { in_progress: 30, passed: 10, failed: 10, total: 50 },
  paid: [
    { currency: 'USD', amount: 12345.67 },
    { currency: 'EUR', amount: 2345.5 },
  ],
  withdrawn: [{ currency: 'USD', amount: 23456.78 }],
  net: [
    { currency: 'USD', amount: 11111.11 },
    { currency: 'EUR', amount: -2345.5 },
  ],
  activeChallenges: Array.from({ length: 10 }, (_, i) => ({
    id: `00000000-0000-4000-8000-00000000000${i}`,
    firm: 'FTMO',
    plan: `2-Step 100k #${i}`,
    phase: 'Phase 1',
    purchasedAt: '2026-01-02',
    daysSincePurchase: 300 + i,
  })),
};

class HelloController {
  hello() {
    return body;
  }
}
const descriptor = Object.getOwnPropertyDescriptor(HelloController.prototype, 'hello');
Get('hello')(HelloController.prototype, 'hello', descriptor);
Controller()(HelloController);
class AppModule {}
Module({ controllers: [HelloController] })(AppModule);

const app = await NestFactory.create(AppModule, { logger: false });
await app.listen(0, '127.0.0.1');
process.stdout.write(`${JSON.stringify({ port: app.getHttpServer().address().port })}\n`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
