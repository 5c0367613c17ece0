// The CPU pool (`@propfolio/domain/workers`): the composition root builds one and injects it into the
// services that run CPU-heavy work; the task table (cpu-tasks.ts) is shared with the pool's worker.
export type { CpuPool, CpuRequester, CpuResult, CpuTask, CpuTaskKind, CpuTaskTypes } from './cpu-tasks.js';
export { cpuPoolFromConfig, createCpuPool } from './cpu-pool.js';
export { FUTURES_CONTRACTS_SETTING, FuturesContractsError, loadFuturesContracts } from './futures-contracts.js';
