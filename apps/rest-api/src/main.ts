import 'reflect-metadata';
import { ConfigError, createLogger, loadConfig } from '@propfolio/core';
import { openAppContext, stopGracefully } from '@propfolio/operations';
import { healthRoutes, requestContext } from '@propfolio/operations';
import express from 'express';
import { createRestApp } from './rest-app.js';

/** Runs the REST API alone (its own process and port), e.g. against a shared PostgreSQL server. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel, { service: 'rest-api' });
  const context = await openAppContext(config, logger);
  let stopping = false;
  const app = express();
  app.use(requestContext(logger));
  app.use(healthRoutes(context.db, () => stopping));
  const nest = await createRestApp(context, { expressApp: app });
  const server = await nest.listen(config.port, config.host);
  logger.info('rest-api listening', { url: `http://${config.host}:${config.port}/api/v1` });
  stopGracefully(server, logger, config.shutdownGraceMs, () => context.close(), () => (stopping = true));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
