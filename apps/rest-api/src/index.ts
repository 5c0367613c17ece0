export { createRestApp, API_PREFIX, type RestAppOptions } from './rest-app.js';
