/** Stable codes of {@link EaSettingsError}; callers may switch on them. */
export type EaSettingsErrorCode =
  'unknown_param' | 'invalid_value' | 'invalid_ini_field' | 'content_too_large' | 'unknown_preset' | 'invalid_argument' | 'invalid_catalog';

/**
 * The only error the library throws, and only for invalid caller input.
 * Problems found inside a parsed file are reported as findings, never thrown.
 */
export class EaSettingsError extends Error {
  override readonly name = 'EaSettingsError';
  readonly code: EaSettingsErrorCode;
  /** Path of the offending input field, e.g. `changes[2].value`. */
  readonly field: string | undefined;

  constructor(code: EaSettingsErrorCode, message: string, field?: string) {
    super(message);
    this.code = code;
    this.field = field;
  }
}
