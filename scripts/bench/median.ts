/** The median of the finite values (a mark a page never reached is NaN), NaN when none. */
export function finiteMedian(values: number[]): number {
  const finite = values.filter(Number.isFinite).sort((a, b) => a - b);
  return finite.length ? finite[Math.floor(finite.length / 2)]! : NaN;
}
