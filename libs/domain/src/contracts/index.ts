export * from './common.js';
export * from './challenges.js';
export * from './payouts.js';
export * from './accounts.js';
export * from './summary.js';
