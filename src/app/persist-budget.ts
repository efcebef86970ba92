import type { PersistedClient } from '@tanstack/react-query-persist-client';

/**
 * The size guard of the persisted query cache: when the serialized cache is larger than the budget,
 * the queries fetched longest ago are dropped first until it fits. Sizes are in UTF-16 code units
 * (string length), which is what IndexedDB stores for a string.
 */
export function fitToBudget(client: PersistedClient, maxChars: number): { json: string; dropped: number } {
  const json = JSON.stringify(client);
  if (json.length <= maxChars) return { json, dropped: 0 };
  const queries = [...client.clientState.queries].sort(
    (a, b) => a.state.dataUpdatedAt - b.state.dataUpdatedAt,
  );
  let size = json.length;
  let dropped = 0;
  while (queries.length > 0 && size > maxChars) {
    // Each query also costs a comma in the array; close enough for a budget.
    size -= JSON.stringify(queries.shift()).length + 1;
    dropped++;
  }
  const kept = { ...client, clientState: { ...client.clientState, queries } };
  return { json: JSON.stringify(kept), dropped };
}
