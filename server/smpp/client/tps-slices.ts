/**
 * A connector's TPS budget is handed out in slices of the second, not a second at a time: a whole second's budget
 * spent at the end of one clock second and the start of the next would put twice the TPS into one sliding second,
 * and carriers that count per sliding second answer 0x58 to that. Each clock second still totals exactly `tps`;
 * any sliding second holds at most tps + ceil(tps / SLICES_PER_SECOND) (20 whole slices are one second's budget,
 * and a sliding second touches at most 21).
 */
export const SLICE_MS = 50;
export const SLICES_PER_SECOND = 1000 / SLICE_MS;

/**
 * What each slice of a second may grant: slice k gets ceil((k + 1) * tps / 20) - ceil(k * tps / 20), so a low TPS
 * is granted early in the second (tps 1: all of it in the first slice) rather than made to wait for its end.
 */
export function sliceBudgets(tps: number): number[] {
  const upTo = (k: number) => Math.ceil((k * tps) / SLICES_PER_SECOND);
  return Array.from({ length: SLICES_PER_SECOND }, (_, k) => upTo(k + 1) - upTo(k));
}
