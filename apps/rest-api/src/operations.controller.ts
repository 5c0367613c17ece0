import { Controller, Patch, Post, Get, Req, Res, type Type } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Operation } from '@propfolio/core';
import type { OperationRunner } from '@propfolio/http';

const METHOD_DECORATORS = { GET: Get, POST: Post, PATCH: Patch } as const;

/**
 * Builds the Nest controller for a list of operations: one route per operation, each handler one line
 * that hands the request to the runner shared with /app/api. Paths and verbs come from the operation
 * definitions, so they are written once (and OpenAPI reads the same definitions). The runner answers
 * the request itself (status, body, failures), so Nest is told the response is handled (`@Res()`).
 */
export function operationsController(operations: readonly Operation[], runner: OperationRunner): Type<unknown> {
  @Controller()
  class OperationsController {}

  operations.forEach((operation, index) => {
    const handlerName = `op${index}_${operation.name}`;
    const handler = function (req: Request, res: Response): Promise<void> {
      return runner.run(operation, req, res);
    };
    Object.defineProperty(OperationsController.prototype, handlerName, { value: handler, writable: true, configurable: true });
    const descriptor = Object.getOwnPropertyDescriptor(OperationsController.prototype, handlerName) as PropertyDescriptor;
    METHOD_DECORATORS[operation.rest.method](operation.rest.path)(OperationsController.prototype, handlerName, descriptor);
    Req()(OperationsController.prototype, handlerName, 0);
    Res()(OperationsController.prototype, handlerName, 1);
  });
  return OperationsController;
}
