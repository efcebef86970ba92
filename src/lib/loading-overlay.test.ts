import { describe, expect, it } from 'vitest';
import {
  hideLoadingOverlay,
  isLoadingOverlayVisible,
  showLoadingOverlay,
  withLoadingOverlay,
} from './loading-overlay.ts';

describe('loading overlay (spec section 4: visible and hidden)', () => {
  it('is hidden until shown, and stays until the last nested use ends', () => {
    expect(isLoadingOverlayVisible()).toBe(false);
    showLoadingOverlay();
    showLoadingOverlay();
    expect(isLoadingOverlayVisible()).toBe(true);
    hideLoadingOverlay();
    expect(isLoadingOverlayVisible()).toBe(true);
    hideLoadingOverlay();
    expect(isLoadingOverlayVisible()).toBe(false);
    hideLoadingOverlay();
    expect(isLoadingOverlayVisible()).toBe(false);
  });

  it('withLoadingOverlay hides it even when the work fails', async () => {
    await expect(
      withLoadingOverlay(async () => {
        expect(isLoadingOverlayVisible()).toBe(true);
        throw new Error('bad file');
      }),
    ).rejects.toThrow('bad file');
    expect(isLoadingOverlayVisible()).toBe(false);
  });
});
