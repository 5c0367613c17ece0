/**
 * The piscina worker for CPU-heavy public EA work (parse, diagnose, build). It runs the pure engine and
 * returns plain data; the engine's own error crosses the thread boundary as data so that the main thread
 * can map it to the same API error as before.
 */
import { buildSet, diagnoseSet, EaSettingsError, type BuildSetInput, type DiagnoseSetInput } from '@propfolio/ea-settings';

export type EaTask = { kind: 'diagnose'; input: DiagnoseSetInput } | { kind: 'build'; input: BuildSetInput };

export type EaTaskResult =
  { ok: true; value: unknown } | { ok: false; error: { code: EaSettingsError['code']; message: string; field: string | undefined } };

export default function runEaTask(task: EaTask): EaTaskResult {
  try {
    return { ok: true, value: task.kind === 'diagnose' ? diagnoseSet(task.input) : buildSet(task.input) };
  } catch (error) {
    if (error instanceof EaSettingsError) return { ok: false, error: { code: error.code, message: error.message, field: error.field } };
    throw error;
  }
}
