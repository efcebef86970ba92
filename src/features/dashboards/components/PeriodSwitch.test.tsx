import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { activateLanguage, i18n } from '#src/lib/i18n.ts';
import { PeriodSwitch } from './PeriodSwitch.tsx';

function renderSwitch(onChange = vi.fn()) {
  render(
    <I18nProvider i18n={i18n}>
      <MantineProvider env="test">
        <PeriodSwitch value="7d" onChange={onChange} />
      </MantineProvider>
    </I18nProvider>,
  );
  return onChange;
}

beforeEach(async () => {
  await activateLanguage('en');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('PeriodSwitch', () => {
  it('is a radio group named Period: four periods, the current one checked', () => {
    renderSwitch();
    const group = screen.getByRole('radiogroup', { name: 'Period' });
    expect(group).toBe(screen.getByTestId('period-switch'));
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.closest('[data-testid="period-switch"] > *')?.textContent)).toEqual([
      'Today',
      '7 days',
      '30 days',
      '90 days',
    ]);
    expect(screen.getByRole('radio', { name: '7 days' })).toHaveProperty('checked', true);
    // One name: the browser moves the choice with the arrow keys, as in any radio group.
    expect(new Set(radios.map((r) => r.getAttribute('name'))).size).toBe(1);
  });

  it('tells the chosen period, by click and by arrow key', async () => {
    const onChange = renderSwitch();
    const u = userEvent.setup();
    await u.click(screen.getByText('90 days'));
    expect(onChange).toHaveBeenLastCalledWith('90d');
    screen.getByRole('radio', { name: '7 days' }).focus();
    await u.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith('30d');
  });

  it('measures nothing while it mounts (no forced layout before the landing page’s first frame)', () => {
    const measured = vi.spyOn(Element.prototype, 'getBoundingClientRect');
    renderSwitch();
    expect(measured).not.toHaveBeenCalled();
  });
});
