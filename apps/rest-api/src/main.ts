import 'reflect-metadata';
import { listen, runService } from '@propfolio/bootstrap';
import { API_PREFIX, createRestApp } from './rest-app.js';

/** Runs the REST API alone (its own process and port), e.g. against a shared PostgreSQL server. */
runService('rest-api', async (app, context) => {
  // Nest only adds its routes to `app`: the socket is the one runService bound before anything else.
  await createRestApp(context, { expressApp: app });
  const server = await listen(app, context);
  context.logger.info('rest-api listening', { url: `http://${context.config.host}:${context.config.port}${API_PREFIX}` });
  return server;
});
