// Where a process starts: the composition root (database, services, operations, limiters, answer cache)
// and the HTTP service shell every app runs in.
export { createAppContext, openAppContext, serviceOrigin, type AppContext, type AppContextOptions } from './app-context.js';
export { listen, runService } from './run-service.js';
export { prepareDatabase } from './prepare-database.js';
