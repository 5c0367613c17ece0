import 'reflect-metadata';
import { ConfigError, createLogger, loadConfig } from '@propfolio/core';
import { mcpExtras, mcpRouter } from '@propfolio/mcp-server';
import { healthRoutes, openAppContext, requestContext, stopGracefully } from '@propfolio/operations';
import { API_PREFIX, createRestApp } from '@propfolio/rest-api';
import express from 'express';

/**
 * `npm start`: one process serving both front doors on one port — REST under /api/v1 and MCP at /mcp —
 * on the embedded database by default. For separate deployment, run apps/rest-api and apps/mcp-server.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel, { service: 'propfolio' });
  const context = await openAppContext(config, logger);
  let stopping = false;
  const app = express();
  app.use(requestContext(logger));
  app.use(healthRoutes(context.db, () => stopping));
  app.use(mcpRouter(context, mcpExtras(context)));
  const nest = await createRestApp(context, { expressApp: app });
  const server = await nest.listen(config.port, config.host);
  const base = `http://${config.host}:${config.port}`;
  logger.info('propfolio listening', { rest: `${base}${API_PREFIX}`, mcp: `${base}/mcp`, docs: `${base}/api/docs` });
  stopGracefully(server, logger, config.shutdownGraceMs, () => context.close(), () => (stopping = true));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
