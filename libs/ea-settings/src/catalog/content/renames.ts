/** Inputs renamed in earlier EA versions: old `.set` files still load and get a rename finding. */
export const renames: Array<{ from: string; to: string; since: string }> = [
  { from: 'Magic', to: 'MagicNumber', since: '2.0.0' },
  { from: 'Lots', to: 'FixedLot', since: '2.0.0' },
  { from: 'Risk', to: 'RiskPercent', since: '2.0.0' },
  { from: 'MaxSpread', to: 'MaxSpreadPoints', since: '2.1.0' },
  { from: 'BE_Start', to: 'BreakEvenTriggerPoints', since: '2.1.0' },
  { from: 'BE_Lock', to: 'BreakEvenLockPoints', since: '2.1.0' },
  { from: 'TrailStart', to: 'TrailingStartPoints', since: '2.2.0' },
  { from: 'TrailStop', to: 'TrailingDistancePoints', since: '2.2.0' },
  { from: 'GMTOffset', to: 'ServerGmtOffset', since: '3.0.0' },
  { from: 'UseNewsFilter', to: 'NewsFilterEnabled', since: '3.0.0' },
  { from: 'DailyLossLimit', to: 'DailyLossPercent', since: '3.0.0' },
];
