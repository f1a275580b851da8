/**
 * Sim seconds per wall second as the run's summary and progress bar print it: whole numbers from
 * 10 up, two significant digits below (a slow run's 0.33x is not "0x").
 */
export function realTimeFactor(simSeconds: number, wallSeconds: number): string {
  if (!(wallSeconds > 0)) return '-';
  const factor = simSeconds / wallSeconds;
  return factor >= 10 ? factor.toFixed(0) : factor.toPrecision(2);
}
