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
        'Start here before explaining or changing the EA’s settings. Returns what the EA is, how to get and start it, who it suits, its input groups and named presets.',
      input: EaOverviewInput,
      output: EaOverviewSchema,
      rest: { method: 'GET', path: '/ea/overview' },
      run: async (_ctx, input) => ea.overview(input),
    }),
    defineOperation({
      ...READ,
      name: 'ea_search_params',
      title: 'Search EA inputs',
      description:
        'Finds EA inputs by keywords or group. Returns each input’s number (e.g. "37-5", how users name it), MQL name, type, default and label. Full docs of one: ea_explain_param.',
      input: EaSearchParamsInput,
      output: EaSearchParamsSchema,
      rest: { method: 'GET', path: '/ea/params' },
      run: async (_ctx, input) => ea.searchParams(input),
    }),
    defineOperation({
      ...READ,
      name: 'ea_explain_param',
      title: 'Explain an EA input',
      description:
        'Use when the user asks about one EA setting. Returns what it does (Japanese and English), default, range, unit, allowed values, related inputs, cautions, older names.',
      input: EaExplainParamInput,
      output: EaParamDetailSchema,
      rest: { method: 'GET', path: '/ea/params/:ref' },
      run: async (_ctx, input) => ea.explainParam(input.ref),
    }),
    defineOperation({
      ...READ,
      name: 'ea_diagnose_set',
      title: 'Diagnose a .set file',
      description:
        'Checks an EA .set file, optionally against a prop firm’s current rules. Returns findings, most severe first, each with a stable code, input, line, message (Japanese and English) and fix. To write the fixes: ea_build_set. Nothing is stored.',
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
        'Builds an EA .set file from the defaults, a preset (see ea_overview) or an uploaded file, applying validated changes. Returns the file, what changed and remaining findings. Nothing is stored.',
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
        'Returns recommended EA values for a prop firm’s current rules: e.g. a daily loss guard inside the firm’s limit, inputs to switch off (news, weekend, martingale where banned), cautions. Pass the returned `changes` to ea_build_set.',
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
        'Writes a MetaTrader strategy-tester .ini for a backtest or optimisation of the EA. Returns it with the command line and the pitfalls that apply (e.g. close the terminal first). No password is written.',
      input: EaBacktestIniInput,
      output: EaBacktestIniSchema,
      rest: { method: 'POST', path: '/ea/backtest-ini' },
      run: async (_ctx, input) => ea.backtestIni(input),
    }),
  ];
}
