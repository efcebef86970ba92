import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { activateLanguage, i18n } from '#src/lib/i18n.ts';
import { THEME_RELOAD_DELAY_MS, ThemeSwitcher, type ThemeSwitcherProps } from './ThemeSwitcher.tsx';

function renderSwitcher(props: ThemeSwitcherProps = {}) {
  return render(
    <I18nProvider i18n={i18n}>
      <MantineProvider env="test">
        <ThemeSwitcher {...props} />
      </MantineProvider>
    </I18nProvider>,
  );
}

/** Opens the panel (real timers), then returns the user-event driver. */
async function openPanel() {
  const u = userEvent.setup();
  await u.click(screen.getByTestId('theme-switcher'));
  await screen.findByRole('button', { name: 'Ruby red (dark)' });
  return u;
}

beforeEach(async () => {
  await activateLanguage('en');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('ThemeSwitcher', () => {
  it('is a button named Theme that opens 10 colors in light and in dark, and rounded or flat', async () => {
    renderSwitcher();
    expect(screen.getByRole('button', { name: 'Theme' })).toBe(screen.getByTestId('theme-switcher'));
    await openPanel();
    expect(screen.getByTestId('theme-switcher').getAttribute('aria-expanded')).toBe('true');
    const light = screen.getAllByRole('button', { name: / \(light\)$/ });
    const dark = screen.getAllByRole('button', { name: / \(dark\)$/ });
    expect(light).toHaveLength(10);
    expect(dark).toHaveLength(10);
    // The default, light.blueolympic, is the one marked as chosen.
    expect(screen.getByRole('button', { name: 'Olympic blue (light)' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(
      [...light, ...dark].filter((swatch) => swatch.getAttribute('aria-pressed') === 'true'),
    ).toHaveLength(1);
    expect(screen.getByRole('radio', { name: 'Rounded' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'Flat' })).toHaveProperty('checked', false);
  });

  it('closes with Escape and opens again with the button', async () => {
    renderSwitcher();
    const u = await openPanel();
    await u.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('theme-switcher').getAttribute('aria-expanded')).toBe('false');
    await u.click(screen.getByTestId('theme-switcher'));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('saves dark.redruby and reloads 500 ms later, not before', async () => {
    expect(THEME_RELOAD_DELAY_MS).toBe(500);
    const reload = vi.fn();
    renderSwitcher({ reload });
    await openPanel();

    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Ruby red (dark)' }));
    expect(localStorage.getItem('themeColor')).toBe('dark.redruby');
    expect(screen.getByRole('button', { name: 'Ruby red (dark)' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Applying the theme…');

    act(() => vi.advanceTimersByTime(THEME_RELOAD_DELAY_MS - 1));
    expect(reload).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('saves flat and reloads likewise', async () => {
    const reload = vi.fn();
    renderSwitcher({ reload });
    await openPanel();

    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('radio', { name: 'Flat' }));
    expect(localStorage.getItem('themeRadius')).toBe('flat');
    expect(localStorage.getItem('themeColor')).toBeNull();
    act(() => vi.advanceTimersByTime(THEME_RELOAD_DELAY_MS - 1));
    expect(reload).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('saves the text direction (rtl) and reloads likewise', async () => {
    const reload = vi.fn();
    renderSwitcher({ reload });
    await openPanel();

    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('radio', { name: 'Right to left' }));
    expect(localStorage.getItem('direction')).toBe('rtl');
    act(() => vi.advanceTimersByTime(THEME_RELOAD_DELAY_MS));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('starts from the stored choice, and a second choice within the delay reloads once, after it', async () => {
    localStorage.setItem('themeColor', 'dark.greenmoss');
    localStorage.setItem('themeRadius', 'flat');
    const reload = vi.fn();
    renderSwitcher({ reload, delayMs: 200 });
    await openPanel();
    expect(screen.getByRole('button', { name: 'Moss green (dark)' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByRole('radio', { name: 'Flat' })).toHaveProperty('checked', true);

    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Steel grey (light)' }));
    act(() => vi.advanceTimersByTime(150));
    fireEvent.click(screen.getByRole('radio', { name: 'Rounded' }));
    act(() => vi.advanceTimersByTime(199));
    expect(reload).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('themeColor')).toBe('light.greysteel');
    expect(localStorage.getItem('themeRadius')).toBe('rounded');
  });

  it('does nothing when the choice already in effect is chosen again', async () => {
    const reload = vi.fn();
    renderSwitcher({ reload });
    await openPanel();
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Olympic blue (light)' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Rounded' }));
    act(() => vi.advanceTimersByTime(THEME_RELOAD_DELAY_MS * 2));
    expect(reload).not.toHaveBeenCalled();
    expect(localStorage.getItem('themeColor')).toBeNull();
    expect(localStorage.getItem('themeRadius')).toBeNull();
  });

  it('cancels a pending reload when it unmounts', async () => {
    const reload = vi.fn();
    const view = renderSwitcher({ reload });
    await openPanel();
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Carrot orange (light)' }));
    view.unmount();
    act(() => vi.advanceTimersByTime(THEME_RELOAD_DELAY_MS));
    expect(reload).not.toHaveBeenCalled();
  });
});
