/** m:ss for the recorder's duration display, e.g. 3450 ms -> '0:03', 75000 ms -> '1:15'. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
