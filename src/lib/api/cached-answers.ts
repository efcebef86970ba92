/**
 * Answers the service worker served from its offline cache, with the time they were fetched. Kept
 * beside the data object itself (a WeakMap) so "data as of <time>" shows that time, not the time the
 * cached copy was read.
 */
const cachedAt = new WeakMap<object, number>();

export function markCachedAnswer(datas: unknown, fetchedAt: number): void {
  if (datas && typeof datas === 'object') cachedAt.set(datas, fetchedAt);
}

/** When the answer was fetched, if it came from the offline cache. */
export function cachedAnswerTime(datas: unknown): number | undefined {
  return datas && typeof datas === 'object' ? cachedAt.get(datas) : undefined;
}

export const isCachedAnswer = (datas: unknown): boolean => cachedAnswerTime(datas) !== undefined;
