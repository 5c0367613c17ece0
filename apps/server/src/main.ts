import 'reflect-metadata';
import type { Server } from 'node:http';
import type { Express, Handler } from 'express';
import { dashboardRouter } from '@propfolio/dashboard-api';
import { listen, runService } from '@propfolio/bootstrap';
import type { AppContext } from '@propfolio/bootstrap';
import { API_PREFIX, createRestApp } from '@propfolio/rest-api';
import { DASHBOARD_CSP, webRouter } from '@propfolio/web/server';

/** Paths of the API front doors: the dashboard's static files are never looked up on disk for them. */
const API_PATH = /^\/(?:api|app\/api|mcp)(?:\/|$)/;
/** Every path the MCP router could match (Express matches routes case-insensitively). */
const MCP_PATHS = /^\/mcp(?:\/|$)/i;

/**
 * The MCP front door, loaded on its first request: the MCP SDK and the tool catalog (zod schemas built at
 * module load) cost start time and resident memory that a process serving only REST or the dashboard
 * never needs. A failed load is not cached, so the next request tries again.
 */
function lazyMcp(context: AppContext): Handler {
  let router: Promise<Handler> | undefined;
  const load = () =>
    (router ??= import('@propfolio/mcp-server')
      .then(({ mcpExtras, mcpRouter }) => mcpRouter(context, mcpExtras(context)))
      .catch((error: unknown) => {
        router = undefined;
        throw error;
      }));
  return (req, res, next) => {
    if (!MCP_PATHS.test(req.path)) {
      next();
      return;
    }
    load().then((handle) => handle(req, res, next), next);
  };
}

/**
 * `npm start`: one process serving both front doors on one port — REST under /api/v1 and MCP at /mcp —
 * on the embedded database by default. For separate deployment, run apps/rest-api and apps/mcp-server.
 */
async function serveEverything(app: Express, context: AppContext): Promise<Server> {
  // express.static stats the file system for every request it sees; API requests skip it (a syscall and
  // a thread-pool round trip each, on the hot path of every REST and MCP call).
  const web = webRouter();
  app.use((req, res, next) => {
    if (API_PATH.test(req.path)) next();
    else web(req, res, next);
  });
  app.use(lazyMcp(context));
  app.use(dashboardRouter(context));
  // Nest only adds its routes to `app`: the socket is the one runService bound before anything else.
  await createRestApp(context, { expressApp: app });
  const server = await listen(app, context);
  const base = `http://${context.config.host}:${context.config.port}`;
  context.logger.info('propfolio listening', { rest: `${base}${API_PREFIX}`, mcp: `${base}/mcp`, docs: `${base}/api/docs` });
  return server;
}

// A static .html file of the dashboard (/index.html) carries the page's own policy, as `/` does.
runService('propfolio', serveEverything, { htmlCsp: DASHBOARD_CSP });
