import { defineOperation, type Operation } from '@propfolio/core';
import {
  EaBacktestIniInput,
  EaBuildSetInput,
  EaDiagnoseSetInput,
  EaExplainParamInput,
  EaOverviewInput,
  EaPropPresetInput,
  EaSearchParamsInput,
} from './ea.inputs.js';
import {
  EaBacktestIniSchema,
  EaBuildSchema,
  EaDiagnoseSchema,
  EaOverviewSchema,
  EaParamDetailSchema,
  EaPropPresetSchema,
  EaSearchParamsSchema,
} from './ea.outputs.js';
import type { EaService } from './ea.service.js';

const READ = { auth: 'public', readOnly: true, idempotent: true } as const;

/** The EA settings assistant (public: no key needed); the rules are in {@link EaService}. */
export function publicEaOperations(ea: EaService): Operation[] {
  return [
    defineOperation({
      ...READ,
      name: 'ea_overview',
      title: 'EA overview',
      description:
        "Start here for the EA's settings. Returns what the EA is, how to install it, who it suits, its input groups and presets.",
      input: EaOverviewInput,
      output: EaOverviewSchema,
      rest: { method: 'GET', path: '/ea/overview' },
      run: async (_ctx, input) => ea.overview(input),
    }),
    defineOperation({
      ...READ,
      name: 'ea_search_params',
      title: 'Search EA inputs',
      description: 'Finds EA inputs by keywords or group. Returns their numbers (e.g. "37-5"), MQL names, types, defaults, labels.',
      input: EaSearchParamsInput,
      output: EaSearchParamsSchema,
      rest: { method: 'GET', path: '/ea/params' },
      run: async (_ctx, input) => ea.searchParams(input),
    }),
    defineOperation({
      ...READ,
      name: 'ea_explain_param',
      title: 'Explain an EA input',
      description: 'Returns one EA setting: meaning (ja, en), default, range, unit, values, related inputs, cautions, older names.',
      input: EaExplainParamInput,
      output: EaParamDetailSchema,
      rest: { method: 'GET', path: '/ea/params/:ref' },
      run: async (_ctx, input) => ea.explainParam(input.ref),
    }),
    defineOperation({
      ...READ,
      name: 'ea_diagnose_set',
      title: 'Diagnose a .set file',
      description: "Checks an EA .set file, optionally against a prop firm's rules. Returns findings, most severe first, with fixes.",
      input: EaDiagnoseSetInput,
      output: EaDiagnoseSchema,
      rest: { method: 'POST', path: '/ea/diagnose' },
      run: (ctx, input) => ea.diagnose(input, ctx),
    }),
    defineOperation({
      ...READ,
      name: 'ea_build_set',
      title: 'Build a .set file',
      description:
        'Builds an EA .set file from the defaults, a preset or a file, with validated changes. Returns the file, changes and findings.',
      input: EaBuildSetInput,
      output: EaBuildSchema,
      rest: { method: 'POST', path: '/ea/build' },
      run: (ctx, input) => ea.build(input, ctx),
    }),
    defineOperation({
      ...READ,
      name: 'ea_prop_preset',
      title: 'EA settings for a prop firm',
      description:
        "Returns EA values fitting a prop firm's current rules (e.g. a daily loss guard inside its limit) and cautions, for ea_build_set.",
      input: EaPropPresetInput,
      output: EaPropPresetSchema,
      rest: { method: 'GET', path: '/ea/presets/:firm' },
      run: (_ctx, input) => ea.propPreset(input),
    }),
    defineOperation({
      ...READ,
      name: 'ea_backtest_ini',
      title: 'Strategy-tester .ini',
      description:
        'Returns a MetaTrader strategy-tester .ini to backtest or optimise the EA, with its command line and pitfalls; no password.',
      input: EaBacktestIniInput,
      output: EaBacktestIniSchema,
      rest: { method: 'POST', path: '/ea/backtest-ini' },
      run: async (_ctx, input) => ea.backtestIni(input),
    }),
  ];
}
