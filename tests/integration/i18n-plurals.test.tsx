// Messages with a count use ICU plurals: one device is "1 device", not "1 devices", in English and
// Spanish (Chinese has one form). Both macro shapes are covered: <Plural> in JSX (IntakeResult) and
// plural() inside a `t` template (ResultsToolbar).
import { afterAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import type { DeviceResultRow } from '#contract/schemas/checks-results.ts';
import { activateLanguage, i18n } from '#src/lib/i18n.ts';
import type { Language } from '#src/lib/storage.ts';
import { IntakeResult } from '#src/features/repairs/components/IntakeResult.tsx';
import { ResultsToolbar } from '#src/features/checks/components/ResultsToolbar.tsx';

afterAll(async () => {
  await activateLanguage('zh');
});

function intakeText(added: number): string {
  const { unmount } = render(
    <I18nProvider i18n={i18n}>
      <MantineProvider>
        <IntakeResult
          result={{ batch_id: 1, added, device_ids: [], rejected: [] }}
          elsewhere={[]}
          onTakeAnyway={() => undefined}
          sending={false}
        />
      </MantineProvider>
    </I18nProvider>,
  );
  const text = screen.getByTestId('intake-result').textContent ?? '';
  unmount();
  return text;
}

function toolbarTexts(count: number): { count: string; select: string } {
  const devices = Array.from({ length: count }, (_, i) => ({ id: i + 1 }) as unknown as DeviceResultRow);
  const { unmount } = render(
    <I18nProvider i18n={i18n}>
      <MantineProvider>
        <ResultsToolbar
          devices={devices}
          filter={{}}
          matched={count}
          tablet={false}
          activeFilters={0}
          selection={{ kind: 'ids', ids: new Set() }}
          select={() => undefined}
          onOpenFilters={() => undefined}
          onEditColumns={() => undefined}
        />
      </MantineProvider>
    </I18nProvider>,
  );
  const texts = {
    count: screen.getByTestId('results-count').textContent ?? '',
    select: screen.getByTestId('select-matching').textContent ?? '',
  };
  unmount();
  return texts;
}

const cases: [Language, number, string, string, string][] = [
  ['en', 1, '1 device taken in, 0 refused', '1 device', 'Select the 1 that matches'],
  ['en', 2, '2 devices taken in, 0 refused', '2 devices', 'Select all 2 that match'],
  ['es', 1, '1 equipo recibido, 0 rechazados', '1 dispositivo', 'Seleccionar el único que coincide'],
  ['es', 2, '2 equipos recibidos, 0 rechazados', '2 dispositivos', 'Seleccionar los 2 que coinciden'],
  ['zh', 1, '已录入 1 台，0 行被拒绝', '1 台设备', '全选符合条件的 1 台'],
  ['zh', 2, '已录入 2 台，0 行被拒绝', '2 台设备', '全选符合条件的 2 台'],
];

describe('counted messages agree with their count', () => {
  it.each(cases)('%s, %i', async (language, count, intake, devices, select) => {
    await activateLanguage(language);
    expect(intakeText(count)).toBe(intake);
    expect(toolbarTexts(count)).toEqual({ count: devices, select });
  });
});
