/**
 * The one error the coach throws: bad input from a caller (a time zone it cannot read, a series too long).
 * The service layer maps it to a 400; the message names the part that is wrong, so it can be shown as is.
 */
export class CoachInputError extends Error {
  override readonly name = 'CoachInputError';
  constructor(
    message: string,
    /** The input field at fault, e.g. `rollover.timeZone` or `riskScale[2]`. */
    readonly field: string,
  ) {
    super(message);
  }
}
