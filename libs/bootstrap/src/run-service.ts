import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import express, { type Express } from 'express';
import { AppError, ConfigError, createLogger, loadConfig, warnIfUnsupportedNode, type Config } from '@propfolio/core';
import { connectionDrain, healthRoutes, requestContext, securityHeaders, stopGracefully } from '@propfolio/http';
import { FuturesContractsError, loadFuturesContracts } from '@propfolio/domain/workers';
import { openAppContext, type AppContext } from './app-context.js';

/** A start-up failure that is fully explained by one line (no stack trace). */
class StartError extends Error {}

/** The process's socket, bound before anything else happens (see runService); `listen` hands it the app. */
let bound: Server | undefined;

const STARTING = JSON.stringify(new AppError('service_unavailable', 'The service is starting; retry in a moment.').toProblem());

/** What answers while the database opens: 503 with Retry-After, never a hang or a refused connection. */
function answerStarting(_req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(503, { 'Content-Type': 'application/problem+json', 'Retry-After': '1', 'X-Content-Type-Options': 'nosniff' });
  res.end(STARTING);
}

/** Binds the configured port, or fails with one line naming PORT (busy) or the address (cannot be used). */
function bindPort(config: Pick<Config, 'host' | 'port'>): Promise<Server> {
  const { host, port } = config;
  return new Promise((resolve, reject) => {
    const server = createServer(answerStarting);
    server.once('error', (error: NodeJS.ErrnoException) => {
      const where = `${host}:${port}`;
      if (error.code === 'EADDRINUSE') {
        reject(
          new StartError(
            `Port ${port} is already in use on ${host}: stop what listens there, or choose another with PORT (e.g. PORT=${port + 1}).`,
          ),
        );
      } else if (error.code === 'EACCES') {
        reject(new StartError(`Not allowed to listen on ${where}: choose a PORT above 1023, or run with the right to bind it.`));
      } else if (error.code === 'EADDRNOTAVAIL') {
        reject(new StartError(`Cannot listen on ${where}: HOST is not an address of this machine.`));
      } else reject(error);
    });
    server.listen(port, host, () => resolve(server));
  });
}

interface RunServiceOptions {
  /** The Content-Security-Policy of HTML answers that set none (default DEFAULT_HTML_CSP). */
  htmlCsp?: string;
}

/**
 * The life of one deployable process: validated config, the port bound (before the database is opened
 * or anything is created in it: a first start that cannot listen must not print a one-time key and
 * die), JSON logs, the database and operations, an Express app with request ids, security headers
 * (see securityHeaders) and health routes, then whatever front door(s) `mount` adds and hands to {@link listen}; graceful stop on
 * SIGTERM/SIGINT. A configuration or start-up error exits 1 with its message.
 */
export function runService(
  service: string,
  mount: (app: Express, context: AppContext) => Promise<Server>,
  options: RunServiceOptions = {},
): void {
  const start = async () => {
    // Before anything else, so the line is the first a person sees: the start goes on (it may well work).
    warnIfUnsupportedNode();
    const config = loadConfig();
    // The operator's futures contract table, checked before anything listens (a bad file stops the start, named).
    try {
      loadFuturesContracts();
    } catch (error) {
      throw error instanceof FuturesContractsError ? new ConfigError([error.message]) : error;
    }
    bound = await bindPort(config);
    const logger = createLogger(config.logLevel, { service });
    const context = await openAppContext(config, logger);
    const drain = connectionDrain();
    const app = express();
    app.disable('x-powered-by');
    app.use(requestContext(logger, { trustProxy: config.trustProxy }));
    app.use(securityHeaders(config, options.htmlCsp));
    app.use(drain.middleware);
    app.use(healthRoutes(context.db, () => drain.draining));
    const server = await mount(app, context);
    stopGracefully(server, logger, config.shutdownGraceMs, () => context.close(), drain.begin);
  };
  start().catch((error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof StartError ? error.message : error);
    process.exit(1);
  });
}

/**
 * Serves `app` on the process's socket: the one runService bound at start, else a new one on the
 * configured host and port (resolving once it is bound).
 */
export async function listen(app: Express, context: AppContext): Promise<Server> {
  const server = bound ?? (await bindPort(context.config));
  server.removeListener('request', answerStarting);
  server.on('request', app);
  return server;
}
