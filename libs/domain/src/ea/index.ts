// The EA settings assistant (`@propfolio/domain/ea`): its public operations and the service behind them.
export { publicEaOperations } from './ea.operations.js';
export { EaService, type EaFirmRules, type EaFirmRulesSource, type EaPlanHints } from './ea.service.js';
export * from './ea.inputs.js';
export * from './ea.outputs.js';
