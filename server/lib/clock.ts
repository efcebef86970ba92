/** The server's notion of now, injectable so tests can move time (expiry, rate-limit windows). */
export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };
