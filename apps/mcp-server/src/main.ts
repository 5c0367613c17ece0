import { listen, runService } from '@propfolio/bootstrap';
import { mcpRouter } from './mcp-router.js';
import { mcpExtras } from './resources.js';

/** Runs the MCP server alone (its own process and port), e.g. against a shared PostgreSQL server. */
runService('mcp-server', async (app, context) => {
  app.use(mcpRouter(context, mcpExtras(context)));
  const server = await listen(app, context);
  context.logger.info('mcp-server listening', { url: `http://${context.config.host}:${context.config.port}/mcp` });
  return server;
});
