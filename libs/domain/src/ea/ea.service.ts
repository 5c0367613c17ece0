import { AppError, decodeOffsetCursor, encodeCursor, type RateLimiter } from '@propfolio/core';
import {
  backtestIni,
  eaOverview,
  explainParam,
  propPreset,
  searchParams,
  type ParamDetail,
  type PropFirmRules,
} from '@propfolio/ea-settings';
import type { CpuPool, CpuRequester } from '../workers/cpu-tasks.js';
import type {
  EaBacktestIniInput,
  EaBuildSetInput,
  EaDiagnoseSetInput,
  EaOverviewInput,
  EaPropPresetInput,
  EaSearchParamsInput,
} from './ea.inputs.js';
import { eaCall, eaCallAsync, setContent, toBase64 } from './ea.errors.js';
import type { EaFinding } from './ea.outputs.js';

/** A firm's rules as the EA engine takes them, and which plan of the plan database they came from. */
export interface EaFirmRules {
  rules: PropFirmRules;
  plan: { planId: string; program: string; checkedOn: string; stale: boolean };
}

/** What narrows a firm down to one plan when no planId is given. */
export interface EaPlanHints {
  planId?: string | undefined;
  accountSize?: number | undefined;
  phases?: number | undefined;
  program?: string | undefined;
}

/** Where a firm's rules come from: the composition root passes the catalog's plan database. */
export type EaFirmRulesSource = (firm: string, hints: EaPlanHints) => Promise<EaFirmRules>;

/** Findings in a default diagnosis answer: keeps it well under 16 KB for an agent's context. */
const FINDINGS_SHOWN = 30;

/**
 * The EA settings assistant: the pure engine in libs/ea-settings, with firm rules from the plan database.
 * Diagnose and build parse whole files, so they run on the CPU pool behind a per-client limit stricter than
 * the general one; the other reads are small and answer in-process.
 */
export class EaService {
  constructor(
    private readonly pool: CpuPool,
    private readonly firmRules: EaFirmRulesSource,
    private readonly limiter: RateLimiter,
  ) {}

  overview(input: EaOverviewInput) {
    return eaOverview(input.lang ?? 'ja');
  }

  searchParams(input: EaSearchParamsInput) {
    const limit = input.limit ?? 20;
    const offset = decodeOffsetCursor(input.cursor, 'ea-params');
    const result = eaCall(() =>
      searchParams({ limit, offset, ...(input.q !== undefined ? { q: input.q } : {}), ...(input.group ? { group: input.group } : {}) }),
    );
    const next = offset + result.items.length;
    return { ...result, nextCursor: next < result.total ? encodeCursor(['ea-params', next]) : null };
  }

  explainParam(ref: string): ParamDetail {
    return eaCall(() => explainParam(ref));
  }

  async diagnose(input: EaDiagnoseSetInput, who: CpuRequester) {
    const content = setContent(input.content, input.contentEncoding);
    const firm = input.firm ? await this.firmRules(input.firm, { planId: input.planId }) : null;
    await this.admit(who);
    const result = await eaCallAsync(() =>
      this.pool.run(
        {
          kind: 'diagnose',
          input: {
            content,
            format: input.format ?? 'auto',
            purpose: input.purpose ?? 'live',
            detail: input.detail ?? 'summary',
            ...(firm ? { firmRules: firm.rules } : {}),
          },
        },
        who,
      ),
    );
    const shown = input.detail === 'full' ? result.findings : result.findings.slice(0, FINDINGS_SHOWN);
    return {
      ...result,
      findings: shown satisfies readonly EaFinding[],
      omittedFindings: result.findings.length - shown.length,
      firmPlan: firm?.plan ?? null,
    };
  }

  async build(input: EaBuildSetInput, who: CpuRequester) {
    const base =
      input.content !== undefined
        ? { content: setContent(input.content, input.contentEncoding) }
        : input.preset !== undefined
          ? { preset: input.preset }
          : undefined;
    await this.admit(who);
    const { bytes, text, ...result } = await eaCallAsync(() =>
      this.pool.run(
        {
          kind: 'build',
          input: {
            changes: (input.changes ?? []).map((change) => ({ ref: change.ref, value: change.value })),
            ...(base ? { base } : {}),
            ...(input.format ? { format: input.format } : {}),
          },
        },
        who,
      ),
    );
    const include = input.include ?? 'text';
    return {
      ...result,
      ...(include !== 'bytes' ? { text } : {}),
      ...(include !== 'text' ? { contentBase64: toBase64(bytes) } : {}),
    };
  }

  async propPreset(input: EaPropPresetInput) {
    const firm = await this.firmRules(input.firm, {
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
  }

  backtestIni(input: EaBacktestIniInput) {
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
  }

  /** The public EA work is rate-limited per client (the key, else the client address) on top of the general limit. */
  private async admit({ caller, clientAddress }: CpuRequester): Promise<void> {
    const bucket = caller ? `ea:${caller.credentialId}` : `ea:ip:${clientAddress ?? 'unknown'}`;
    const decision = await this.limiter.hit(bucket);
    if (!decision.allowed) {
      throw AppError.rateLimited(`Rate limit of ${decision.limit} .set diagnoses and builds per minute reached`, decision);
    }
  }
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
