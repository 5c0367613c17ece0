import type { CatalogService } from '@propfolio/catalog';
import { decodeOffsetCursor, defineOperation, encodeCursor, type Operation } from '@propfolio/core';
import { backtestIni, eaOverview, explainParam, propPreset, searchParams } from '@propfolio/ea-settings';
import {
  EaBacktestIniInput,
  EaBuildSetInput,
  EaDiagnoseSetInput,
  EaExplainParamInput,
  EaOverviewInput,
  EaPropPresetInput,
  EaSearchParamsInput,
} from './ea.inputs.js';
import { eaCall, eaCallAsync, setContent, toBase64 } from './errors.js';
import type { EaEngine } from './engine.js';
import { firmRulesFromCatalog } from '@propfolio/catalog';
import {
  EaBacktestIniSchema,
  EaBuildSchema,
  EaDiagnoseSchema,
  EaOverviewSchema,
  EaParamDetailSchema,
  EaPropPresetSchema,
  EaSearchParamsSchema,
  type EaFinding,
} from './ea.outputs.js';

const READ = { auth: 'public', readOnly: true, idempotent: true } as const;

/** Findings in a default diagnosis answer: keeps it well under 16 KB for an agent's context. */
const FINDINGS_SHOWN = 30;

/** The EA settings assistant: the pure engine in libs/ea-settings, with firm rules from the plan database. */
export function eaOperations(catalog: CatalogService, engine: EaEngine): Operation[] {
  return [
    defineOperation({
      ...READ,
      name: 'ea_overview',
      title: 'EA overview',
      description:
        'Start here before explaining or changing the EA’s settings. Returns what the semi-discretionary EA is, how to get ' +
        'it, who it suits, how to start, its input groups and its named presets.',
      input: EaOverviewInput,
      output: EaOverviewSchema,
      rest: { method: 'GET', path: '/ea/overview' },
      run: async (_ctx, input) => eaOverview(input.lang ?? 'ja'),
    }),
    defineOperation({
      ...READ,
      name: 'ea_search_params',
      title: 'Search EA inputs',
      description:
        'Finds EA inputs by keywords or group number. Returns each input’s number (e.g. "37-5", how users refer to it), ' +
        'MQL name, type, default and label. Use ea_explain_param for the full documentation of one. Paginated: pass ' +
        '`nextCursor` back as `cursor`.',
      input: EaSearchParamsInput,
      output: EaSearchParamsSchema,
      rest: { method: 'GET', path: '/ea/params' },
      run: async (_ctx, input) => {
        const limit = input.limit ?? 20;
        const offset = decodeOffsetCursor(input.cursor, 'ea-params');
        const result = eaCall(() =>
          searchParams({ limit, offset, ...(input.q !== undefined ? { q: input.q } : {}), ...(input.group ? { group: input.group } : {}) }),
        );
        const next = offset + result.items.length;
        return { ...result, nextCursor: next < result.total ? encodeCursor(['ea-params', next]) : null };
      },
    }),
    defineOperation({
      ...READ,
      name: 'ea_explain_param',
      title: 'Explain an EA input',
      description:
        'Use when the user asks about one EA setting. Returns everything about that input: what it does (Japanese and ' +
        'English), default, range, unit, allowed values, related inputs, cautions and older names. An unknown input is a ' +
        'not_found error.',
      input: EaExplainParamInput,
      output: EaParamDetailSchema,
      rest: { method: 'GET', path: '/ea/params/:ref' },
      run: async (_ctx, input) => eaCall(() => explainParam(input.ref)),
    }),
    defineOperation({
      ...READ,
      name: 'ea_diagnose_set',
      title: 'Diagnose a .set file',
      description:
        'Checks an EA .set file, optionally against a prop firm’s current rules. Returns findings, most severe first, each ' +
        'with severity, stable code, the input’s number and name, line and column, a Japanese and English message and a ' +
        'concrete fix, plus the firm plan applied. To write the fixes, use ea_build_set. Nothing is stored.',
      input: EaDiagnoseSetInput,
      output: EaDiagnoseSchema,
      rest: { method: 'POST', path: '/ea/diagnose' },
      run: async (ctx, input) => {
        const content = setContent(input.content, input.contentEncoding);
        const firm = input.firm ? await firmRulesFromCatalog(catalog, input.firm, { planId: input.planId }) : null;
        const result = await eaCallAsync(() =>
          engine.diagnose(
            {
              content,
              format: input.format ?? 'auto',
              purpose: input.purpose ?? 'live',
              detail: input.detail ?? 'summary',
              ...(firm ? { firmRules: firm.rules } : {}),
            },
            ctx,
          ),
        );
        const shown = input.detail === 'full' ? result.findings : result.findings.slice(0, FINDINGS_SHOWN);
        return {
          ...result,
          findings: shown satisfies readonly EaFinding[],
          omittedFindings: result.findings.length - shown.length,
          firmPlan: firm?.plan ?? null,
        };
      },
    }),
    defineOperation({
      ...READ,
      name: 'ea_build_set',
      title: 'Build a .set file',
      description:
        'Builds an EA .set file from the defaults, a named preset (see ea_overview) or an uploaded file, applying validated ' +
        'changes by input name or number. Returns the file to save in the returned encoding, exactly what changed, and any ' +
        'remaining findings. Nothing is stored.',
      input: EaBuildSetInput,
      output: EaBuildSchema,
      rest: { method: 'POST', path: '/ea/build' },
      run: async (ctx, input) => {
        const base =
          input.content !== undefined
            ? { content: setContent(input.content, input.contentEncoding) }
            : input.preset !== undefined
              ? { preset: input.preset }
              : undefined;
        const { bytes, text, ...result } = await eaCallAsync(() =>
          engine.build(
            {
              changes: (input.changes ?? []).map((change) => ({ ref: change.ref, value: change.value })),
              ...(base ? { base } : {}),
              ...(input.format ? { format: input.format } : {}),
            },
            ctx,
          ),
        );
        const include = input.include ?? 'text';
        return {
          ...result,
          ...(include !== 'bytes' ? { text } : {}),
          ...(include !== 'text' ? { contentBase64: toBase64(bytes) } : {}),
        };
      },
    }),
    defineOperation({
      ...READ,
      name: 'ea_prop_preset',
      title: 'EA settings for a prop firm',
      description:
        'Returns recommended EA values for a prop firm’s current rules (from the plan database): e.g. a daily loss guard with a ' +
        'safety margin inside the firm’s limit; inputs to switch off (news, weekend, martingale where banned); and ' +
        'cautions, each explained. Pass the returned `changes` to ea_build_set to get the file.',
      input: EaPropPresetInput,
      output: EaPropPresetSchema,
      rest: { method: 'GET', path: '/ea/presets/:firm' },
      run: async (_ctx, input) => {
        const firm = await firmRulesFromCatalog(catalog, input.firm, {
          planId: input.planId,
          phases: input.phases,
          program: input.program,
          accountSize: input.accountSize,
        });
        const result = eaCall(() =>
          propPreset({
            firmRules: firm.rules,
            ...(input.accountSize !== undefined ? { accountSize: input.accountSize } : {}),
            ...(input.currency !== undefined ? { currency: input.currency } : {}),
          }),
        );
        return { ...result, firmPlan: firm.plan };
      },
    }),
    defineOperation({
      ...READ,
      name: 'ea_backtest_ini',
      title: 'Strategy-tester .ini',
      description:
        'Writes a MetaTrader strategy-tester .ini for a backtest or optimisation of the EA. Returns the file, its encoding, ' +
        'the command line (terminal64.exe /config:"…") and the pitfalls that apply (e.g. the terminal must be closed; ' +
        'without inputs the last run’s are reused). No password is written.',
      input: EaBacktestIniInput,
      output: EaBacktestIniSchema,
      rest: { method: 'POST', path: '/ea/backtest-ini' },
      run: async (_ctx, input) => {
        const { inputs, expertParameters, ...fields } = input;
        const testerInputs = inputs
          ? {
              kind: 'inline' as const,
              changes: inputs.map(({ ref, value, start, step, stop }) => stripUndefined({ ref, value, start, step, stop })),
            }
          : expertParameters
            ? { kind: 'file' as const, expertParameters }
            : undefined;
        const { bytes, ...result } = eaCall(() =>
          backtestIni({ ...stripUndefined(fields), ...(testerInputs ? { inputs: testerInputs } : {}) }),
        );
        return { ...result, contentBase64: toBase64(bytes) };
      },
    }),
  ];
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
