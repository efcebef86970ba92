/**
 * The values the spec stores in the browser (section 3): token, code, user, theme color, theme
 * radius, direction and language. Reading or writing storage can fail (private mode, full quota,
 * disabled storage): failures are logged and the defaults apply (section 8).
 */
export const STORAGE_KEYS = {
  token: 'token',
  code: 'code',
  user: 'user',
  themeColor: 'themeColor',
  themeRadius: 'themeRadius',
  direction: 'direction',
  language: 'language',
} as const;

export const SUPPORTED_LANGUAGES = ['zh', 'en', 'es'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh';

export const DEFAULT_THEME_COLOR = 'light.blueolympic';
export type ThemeRadius = 'rounded' | 'flat';
export const DEFAULT_THEME_RADIUS: ThemeRadius = 'rounded';
export type Direction = 'ltr' | 'rtl';

/** The current user as the PWA keeps it (section 3); integral is already divided by 100. */
export interface StoredUser {
  uid: number;
  id: number;
  title: string;
  img: string;
  vip_end_time: number;
  integral: number;
  openid: string;
  phone_number: string;
  role: number;
  account_name: string;
}

function read(key: string): string | null {
  try {
    return globalThis.localStorage.getItem(key);
  } catch (err) {
    console.error(`Reading "${key}" from local storage failed`, err);
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage.removeItem(key);
    else globalThis.localStorage.setItem(key, value);
  } catch (err) {
    console.error(`Writing "${key}" to local storage failed`, err);
  }
}

export const getToken = (): string | null => read(STORAGE_KEYS.token) || null;
export const setToken = (token: string): void => write(STORAGE_KEYS.token, token);
export const removeToken = (): void => write(STORAGE_KEYS.token, null);

export const getCode = (): string | null => read(STORAGE_KEYS.code) || null;
export const setCode = (code: string): void => write(STORAGE_KEYS.code, code);
export const removeCode = (): void => write(STORAGE_KEYS.code, null);

/** None when absent or unparseable (section 4). */
export function getStoredUser(): StoredUser | null {
  const text = read(STORAGE_KEYS.user);
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && 'id' in value ? (value as StoredUser) : null;
  } catch {
    return null;
  }
}

/** Saving an empty user removes the stored user (section 4). */
export function setStoredUser(user: StoredUser | null | undefined): void {
  write(STORAGE_KEYS.user, user ? JSON.stringify(user) : null);
}

export function getLanguage(): Language {
  const stored = read(STORAGE_KEYS.language);
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(stored ?? '')
    ? (stored as Language)
    : DEFAULT_LANGUAGE;
}
export function setLanguage(language: Language): void {
  write(
    STORAGE_KEYS.language,
    (SUPPORTED_LANGUAGES as readonly string[]).includes(language) ? language : DEFAULT_LANGUAGE,
  );
}

export function getDirection(): Direction {
  return read(STORAGE_KEYS.direction) === 'rtl' ? 'rtl' : 'ltr';
}
/** Direction can only be ltr or rtl; anything else is saved as ltr (section 4). */
export function setDirection(direction: string): void {
  write(STORAGE_KEYS.direction, direction === 'rtl' ? 'rtl' : 'ltr');
}

export const getThemeColor = (): string => read(STORAGE_KEYS.themeColor) || DEFAULT_THEME_COLOR;
export const setThemeColor = (color: string): void => write(STORAGE_KEYS.themeColor, color);
export const getThemeRadius = (): ThemeRadius =>
  read(STORAGE_KEYS.themeRadius) === 'flat' ? 'flat' : DEFAULT_THEME_RADIUS;
export const setThemeRadius = (radius: ThemeRadius): void => write(STORAGE_KEYS.themeRadius, radius);
