import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getDirection,
  getLanguage,
  getStoredUser,
  getThemeColor,
  getThemeRadius,
  getToken,
  setDirection,
  setLanguage,
  setStoredUser,
  setToken,
  type StoredUser,
} from './storage.ts';

const user: StoredUser = {
  uid: 1,
  id: 1,
  title: 'admin',
  img: '',
  vip_end_time: 0,
  integral: 10,
  openid: '',
  phone_number: '',
  role: 0,
  account_name: 'Shop',
};

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('stored user', () => {
  it('round-trips, and saving an empty user removes it', () => {
    setStoredUser(user);
    expect(getStoredUser()).toEqual(user);
    setStoredUser(null);
    expect(localStorage.getItem('user')).toBeNull();
    setStoredUser(user);
    setStoredUser(undefined);
    expect(getStoredUser()).toBeNull();
  });

  it('reads as none when absent or unparseable', () => {
    expect(getStoredUser()).toBeNull();
    localStorage.setItem('user', '{not json');
    expect(getStoredUser()).toBeNull();
    localStorage.setItem('user', '"a string"');
    expect(getStoredUser()).toBeNull();
  });
});

describe('language, direction, theme', () => {
  it('accepts a stored language only when supported', () => {
    expect(getLanguage()).toBe('zh');
    localStorage.setItem('language', 'fr');
    expect(getLanguage()).toBe('zh');
    setLanguage('es');
    expect(getLanguage()).toBe('es');
  });

  it('saves any direction other than rtl as ltr', () => {
    expect(getDirection()).toBe('ltr');
    setDirection('rtl');
    expect(getDirection()).toBe('rtl');
    setDirection('sideways');
    expect(localStorage.getItem('direction')).toBe('ltr');
  });

  it('defaults the theme to light.blueolympic and rounded', () => {
    expect(getThemeColor()).toBe('light.blueolympic');
    expect(getThemeRadius()).toBe('rounded');
    localStorage.setItem('themeRadius', 'weird');
    expect(getThemeRadius()).toBe('rounded');
  });
});

describe('storage failures', () => {
  it('are logged and fall back to defaults', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('quota');
    });
    expect(getToken()).toBeNull();
    expect(getLanguage()).toBe('zh');
    expect(getStoredUser()).toBeNull();
    expect(() => setToken('x')).not.toThrow();
    expect(error).toHaveBeenCalledTimes(4);
  });
});
