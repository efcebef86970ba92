/**
 * Spec section 1: "mobile devices other than tablets are redirected to a blank page". Pure: decides
 * from the user agent, the touch points and the screen width, so it is tested with real user agents.
 */

/**
 * Screens narrower than this (CSS px) are phones: the widest phones are about 440 px wide, the
 * smallest tablets 600 (Android's sw600dp) or 744 (iPad mini).
 */
export const PHONE_MAX_SCREEN_WIDTH = 600;

// Tablets first: their user agents may also say "Mobile" (iPad Safari and Chrome: "Mobile/15E148").
const TABLET = /iPad|Tablet|PlayBook|Kindle|Silk/i;
const PHONE = /iPhone|iPod|Windows Phone|IEMobile|BlackBerry|BB10|Opera Mini|webOS/i;

export function isPhone(userAgent: string, maxTouchPoints: number, screenWidth: number): boolean {
  const smallTouchScreen = maxTouchPoints > 0 && screenWidth > 0 && screenWidth < PHONE_MAX_SCREEN_WIDTH;
  if (TABLET.test(userAgent)) return false;
  // iPadOS asks for desktop pages as a Mac with touch; an iPhone set to "desktop website" does too,
  // but with a phone-sized screen.
  if (/Macintosh/.test(userAgent) && maxTouchPoints > 1) return smallTouchScreen;
  if (PHONE.test(userAgent)) return true;
  // Android phones say "Mobile"; Android tablets do not.
  if (/Android/i.test(userAgent)) return /Mobile/i.test(userAgent);
  // Other mobile browsers (Firefox OS, KaiOS...) say "Mobi".
  if (/Mobi/i.test(userAgent)) return true;
  // A phone asking for desktop pages (Android "desktop site": X11 Linux) still has a phone's screen.
  return smallTouchScreen && !/Windows NT/.test(userAgent);
}

/** isPhone for this browser; false where there is no browser. */
export function isPhoneDevice(): boolean {
  if (typeof navigator === 'undefined') return false;
  return isPhone(
    navigator.userAgent ?? '',
    navigator.maxTouchPoints ?? 0,
    typeof screen === 'undefined' ? 0 : (screen.width ?? 0),
  );
}
