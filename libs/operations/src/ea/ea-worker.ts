/**
 * The piscina worker for CPU-heavy work: the EA engine (parse, diagnose, build), the coach's simulation and
 * the statement reader, all pure. It returns plain data; each engine's own error crosses the thread
 * boundary as data so that the main thread can throw the same error as an in-process call would.
 */
import { CoachInputError, simulateChallenge, type SimulationInput } from '@propfolio/coach';
import { buildSet, diagnoseSet, EaSettingsError, type BuildSetInput, type DiagnoseSetInput } from '@propfolio/ea-settings';
import { readStatement, StatementError } from '@propfolio/mt-statements';

export type EaTask =
  | { kind: 'diagnose'; input: DiagnoseSetInput }
  | { kind: 'build'; input: BuildSetInput }
  | { kind: 'simulate'; input: SimulationInput }
  | { kind: 'statement'; input: Uint8Array };

/** An engine error as data: which engine threw it, and what it said. */
export type TaskError =
  | { engine: 'ea'; code: EaSettingsError['code']; message: string; field: string | undefined }
  | { engine: 'coach'; message: string; field: string }
  | { engine: 'statement'; code: StatementError['code']; message: string };

export type EaTaskResult = { ok: true; value: unknown } | { ok: false; error: TaskError };

function runTask(task: EaTask): unknown {
  switch (task.kind) {
    case 'diagnose':
      return diagnoseSet(task.input);
    case 'build':
      return buildSet(task.input);
    case 'simulate':
      return simulateChallenge(task.input);
    case 'statement':
      return readStatement(task.input);
  }
}

export default function runEaTask(task: EaTask): EaTaskResult {
  try {
    return { ok: true, value: runTask(task) };
  } catch (error) {
    if (error instanceof EaSettingsError) {
      return { ok: false, error: { engine: 'ea', code: error.code, message: error.message, field: error.field } };
    }
    if (error instanceof CoachInputError) return { ok: false, error: { engine: 'coach', message: error.message, field: error.field } };
    if (error instanceof StatementError) return { ok: false, error: { engine: 'statement', code: error.code, message: error.message } };
    throw error;
  }
}
