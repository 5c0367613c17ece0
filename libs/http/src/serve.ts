import type { Server } from 'node:http';
import type { Logger } from '@propfolio/core';

/**
 * Graceful stop on SIGTERM/SIGINT: stop accepting connections, let in-flight requests finish (up to
 * `graceMs`), then close what the process holds (the database last) and exit.
 */
export function stopGracefully(
  server: Server,
  logger: Logger,
  graceMs: number,
  closeResources: () => Promise<void>,
  onStopping: () => void = () => undefined,
): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    onStopping();
    logger.info('shutting down', { signal });
    const force = setTimeout(() => server.closeAllConnections(), graceMs);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      closeResources()
        .then(() => {
          logger.info('stopped');
          process.exit(0);
        })
        .catch((error: unknown) => {
          logger.error('error while stopping', { error });
          process.exit(1);
        });
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
