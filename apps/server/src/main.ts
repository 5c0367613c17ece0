import 'reflect-metadata';
import { dashboardRouter } from '@propfolio/dashboard-api';
import { mcpExtras, mcpRouter } from '@propfolio/mcp-server';
import { runService } from '@propfolio/http';
import { API_PREFIX, createRestApp } from '@propfolio/rest-api';
import { webRouter } from '@propfolio/web/server';

/**
 * `npm start`: one process serving both front doors on one port — REST under /api/v1 and MCP at /mcp —
 * on the embedded database by default. For separate deployment, run apps/rest-api and apps/mcp-server.
 */
runService('propfolio', async (app, context) => {
  app.use(webRouter());
  app.use(mcpRouter(context, mcpExtras(context)));
  app.use(dashboardRouter(context));
  const nest = await createRestApp(context, { expressApp: app });
  const server = await nest.listen(context.config.port, context.config.host);
  const base = `http://${context.config.host}:${context.config.port}`;
  context.logger.info('propfolio listening', { rest: `${base}${API_PREFIX}`, mcp: `${base}/mcp`, docs: `${base}/api/docs` });
  return server;
});
