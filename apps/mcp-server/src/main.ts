import { ConfigError, createLogger, loadConfig } from '@propfolio/core';
import { healthRoutes, openAppContext, requestContext, stopGracefully } from '@propfolio/operations';
import express from 'express';
import { mcpRouter } from './mcp-router.js';
import { mcpExtras } from './resources.js';

/** Runs the MCP server alone (its own process and port), e.g. against a shared PostgreSQL server. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel, { service: 'mcp-server' });
  const context = await openAppContext(config, logger);
  let stopping = false;
  const app = express();
  app.disable('x-powered-by');
  app.use(requestContext(logger));
  app.use(healthRoutes(context.db, () => stopping));
  app.use(mcpRouter(context, mcpExtras(context)));
  const server = app.listen(config.port, config.host, () =>
    logger.info('mcp-server listening', { url: `http://${config.host}:${config.port}/mcp` }),
  );
  stopGracefully(server, logger, config.shutdownGraceMs, () => context.close(), () => (stopping = true));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
