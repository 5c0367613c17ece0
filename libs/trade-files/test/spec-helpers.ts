import { TradeFileError } from '../src/errors.js';

/** A CSV written in a test, as the bytes a reader is given. */
export const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

/** The TradeFileError `run` throws; any other outcome fails the test. */
export function refusal(run: () => unknown): TradeFileError {
  try {
    run();
  } catch (e) {
    if (e instanceof TradeFileError) return e;
    throw e;
  }
  throw new Error('expected a TradeFileError');
}
