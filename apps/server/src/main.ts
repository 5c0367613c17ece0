import 'reflect-metadata';
import type { Server } from 'node:http';
import { dashboardRouter } from '@propfolio/dashboard-api';
import { mcpExtras, mcpRouter } from '@propfolio/mcp-server';
import { runService } from '@propfolio/http';
import { API_PREFIX, createRestApp } from '@propfolio/rest-api';
import { webRouter } from '@propfolio/web/server';

/** Paths of the API front doors: the dashboard's static files are never looked up on disk for them. */
const API_PATH = /^\/(?:api|app\/api|mcp)(?:\/|$)/;

/**
 * `npm start`: one process serving both front doors on one port — REST under /api/v1 and MCP at /mcp —
 * on the embedded database by default. For separate deployment, run apps/rest-api and apps/mcp-server.
 */
runService('propfolio', async (app, context) => {
  // express.static stats the file system for every request it sees; API requests skip it (a syscall and
  // a thread-pool round trip each, on the hot path of every REST and MCP call).
  const web = webRouter();
  app.use((req, res, next) => {
    if (API_PATH.test(req.path)) next();
    else web(req, res, next);
  });
  app.use(mcpRouter(context, mcpExtras(context)));
  app.use(dashboardRouter(context));
  const nest = await createRestApp(context, { expressApp: app });
  const server = (await nest.listen(context.config.port, context.config.host)) as Server;
  const base = `http://${context.config.host}:${context.config.port}`;
  context.logger.info('propfolio listening', { rest: `${base}${API_PREFIX}`, mcp: `${base}/mcp`, docs: `${base}/api/docs` });
  return server;
});
