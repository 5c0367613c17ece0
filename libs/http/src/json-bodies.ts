import type { Operation } from '@propfolio/core';
import express, { Router, type RequestHandler } from 'express';

/**
 * JSON body parsing for a front door: the server's limit for every route, and an operation's own larger
 * limit on its route when it takes a whole file (`rest.bodyLimitBytes`). The route's parser runs first;
 * the general one then sees the body as parsed and leaves it.
 */
export function jsonBodies(operations: readonly Operation[], limitBytes: number): RequestHandler {
  const router = Router();
  for (const operation of operations) {
    const limit = operation.rest.bodyLimitBytes;
    if (limit !== undefined && limit > limitBytes && operation.rest.method !== 'GET') {
      router[operation.rest.method === 'POST' ? 'post' : 'patch'](operation.rest.path, express.json({ limit, strict: false }));
    }
  }
  router.use(express.json({ limit: limitBytes, strict: false }));
  return router;
}
