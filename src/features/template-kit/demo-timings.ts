/** The template demos' timings (spec section 9; demo-only). */
export const DEMO_SPINNER_MS = 2000;
export const DEMO_ERROR_ICON_MS = 3000;
export const DEMO_ASYNC_SAVE_MS = 3000;

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
