import type { Server } from 'node:http';
import express, { type Express } from 'express';
import { ConfigError, createLogger, loadConfig } from '@propfolio/core';
import { openAppContext, type AppContext } from '@propfolio/operations';
import { connectionDrain } from './drain.js';
import { healthRoutes } from './health.js';
import { requestContext } from './request-context.js';
import { stopGracefully } from './serve.js';

/**
 * The life of one deployable process: validated config, JSON logs, the database and operations, an
 * Express app with request ids and health routes, then whatever front door(s) `mount` adds; graceful
 * stop on SIGTERM/SIGINT. A configuration or start-up error exits 1 with its message.
 */
export function runService(service: string, mount: (app: Express, context: AppContext) => Promise<Server>): void {
  const start = async () => {
    const config = loadConfig();
    const logger = createLogger(config.logLevel, { service });
    const context = await openAppContext(config, logger);
    const drain = connectionDrain();
    const app = express();
    app.disable('x-powered-by');
    app.use(requestContext(logger, { trustProxy: config.trustProxy }));
    app.use(drain.middleware);
    app.use(healthRoutes(context.db, () => drain.draining));
    const server = await mount(app, context);
    stopGracefully(server, logger, config.shutdownGraceMs, () => context.close(), drain.begin);
  };
  start().catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}

/** Listens on the configured host and port, resolving once the socket is bound. */
export function listen(app: Express, context: AppContext): Promise<Server> {
  const { host, port } = context.config;
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, (error?: Error) => (error ? reject(error) : resolve(server)));
  });
}
