import { useSyncExternalStore } from 'react';

/**
 * The app-wide loading overlay (spec section 4): two states, visible and hidden. Work that blocks
 * the screen (parsing a spreadsheet, say) shows it and hides it when done; nested uses count, so
 * the overlay stays until the last one ends.
 */
let depth = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const isLoadingOverlayVisible = (): boolean => depth > 0;

export function showLoadingOverlay(): void {
  depth += 1;
  if (depth === 1) emit();
}

export function hideLoadingOverlay(): void {
  if (depth === 0) return;
  depth -= 1;
  if (depth === 0) emit();
}

/** Shows the overlay while `work` runs, and hides it however the work ends. */
export async function withLoadingOverlay<T>(work: () => Promise<T>): Promise<T> {
  showLoadingOverlay();
  try {
    return await work();
  } finally {
    hideLoadingOverlay();
  }
}

export function useLoadingOverlayVisible(): boolean {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, isLoadingOverlayVisible);
}
