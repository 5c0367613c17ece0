import type { ReactNode } from 'react';

export type GaugeTone = 'ok' | 'warning' | 'breached' | 'unknown';

/**
 * How much of a limit is left, as a bar and as words. The bar is a `meter` for assistive technology with
 * the same sentence as its value text, so a screen reader hears "3,200 left of 5,000" and not a bare 64.
 */
export function Gauge({
  title,
  left,
  limit,
  valueText,
  tone,
  children,
  testId,
}: {
  title: string;
  left: number | null;
  limit: number | null;
  /** The amount left in words, shown big and read as the meter's value. */
  valueText: string;
  tone: GaugeTone;
  children?: ReactNode;
  testId?: string;
}) {
  const known = left !== null && limit !== null && limit > 0;
  const share = known ? Math.min(Math.max(left / limit, 0), 1) : 0;
  return (
    <div className={`gauge tone-${tone}`} data-testid={testId}>
      <h3 className="gauge-title">{title}</h3>
      <p className="gauge-value">{valueText}</p>
      <div
        className="gauge-track"
        role="meter"
        aria-label={title}
        aria-valuemin={0}
        aria-valuemax={known ? limit : 1}
        aria-valuenow={known ? Math.min(Math.max(left, 0), limit) : 0}
        aria-valuetext={valueText}
      >
        <div className="gauge-fill" style={{ width: `${(share * 100).toFixed(1)}%` }} />
      </div>
      {children}
    </div>
  );
}
