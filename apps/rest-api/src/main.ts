import 'reflect-metadata';
import type { Server } from 'node:http';
import { runService } from '@propfolio/http';
import { API_PREFIX, createRestApp } from './rest-app.js';

/** Runs the REST API alone (its own process and port), e.g. against a shared PostgreSQL server. */
runService('rest-api', async (app, context) => {
  const nest = await createRestApp(context, { expressApp: app });
  const server = (await nest.listen(context.config.port, context.config.host)) as Server;
  context.logger.info('rest-api listening', { url: `http://${context.config.host}:${context.config.port}${API_PREFIX}` });
  return server;
});
