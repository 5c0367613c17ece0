import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import Decimal from 'decimal.js';
import { dailyFloor, knownDaily, type EffectiveRuleValues } from '@propfolio/coach';
import { useI18n } from '../../i18n/i18n.js';
import { getChallengeRules, type Headroom } from '../../lib/coach.js';
import type { DailyPnl } from '../../lib/types.js';
import { COLORS } from '../Chart.js';
import type { StepLevel } from '../PnlCharts.js';

type Day = Pick<DailyPnl['days'][number], 'date' | 'balance' | 'equity'>;

/**
 * Each day's daily-loss floor as it stood that day: the coach's own rule (dailyFloor) applied to the levels
 * the day started from, the previous reported day's close. Today's is the headroom's, as measured now. A
 * day not reported (a weekend, a gap) has none, like the balance line; nor has the window's first reported
 * day, whose start lies before the window. An unknown or absent rule draws nothing.
 */
export function dailyFloorsOf(
  rule: EffectiveRuleValues['dailyLoss'],
  initialBalance: number,
  days: readonly Day[],
  today: { day: string; floor: number } | null,
): (number | null)[] | null {
  const known = rule && rule !== 'none' ? knownDaily(rule) : null;
  if (!known) return null;
  const initial = new Decimal(initialBalance);
  let previous: { balance: Decimal; equity: Decimal } | null = null;
  return days.map((d) => {
    if (today && d.date === today.day) return today.floor;
    const floor = d.balance !== null && previous ? dailyFloor(known, initial, previous).floor.toNumber() : null;
    if (d.balance !== null) previous = { balance: new Decimal(d.balance), equity: new Decimal(d.equity ?? d.balance) };
    return floor;
  });
}

/** The daily floor of each day of `series` as a step line of the balance chart, or null when it cannot be drawn. */
export function useDailyFloorLine(
  challengeId: string | undefined,
  initialBalance: number,
  series: DailyPnl | undefined,
  headroom: Headroom | null,
): StepLevel | null {
  const { t } = useI18n();
  const rules = useQuery({
    queryKey: ['challenge-rules', challengeId],
    queryFn: () => getChallengeRules(challengeId ?? ''),
    enabled: challengeId !== undefined,
  });
  const rule = rules.data?.rules.dailyLoss ?? null;
  const todayDay = headroom?.dailyLoss.day?.day ?? null;
  const todayFloor = headroom?.dailyLoss.floor ?? null;
  return useMemo(() => {
    if (!series) return null;
    const today = todayDay !== null && todayFloor !== null ? { day: todayDay, floor: todayFloor } : null;
    const values = dailyFloorsOf(rule, initialBalance, series.days, today);
    return values && values.some((v) => v !== null) ? { label: t('hr.dailyFloorByDay'), color: COLORS.dailyFloor, values } : null;
  }, [series, rule, initialBalance, todayDay, todayFloor, t]);
}
