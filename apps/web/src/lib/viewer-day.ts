/** Today as a calendar day (YYYY-MM-DD) on the viewer's own clock, not UTC's: at 22:00 in New York it is still that day. */
export function viewerTodayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
