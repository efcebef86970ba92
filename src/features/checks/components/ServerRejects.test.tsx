import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { activateLanguage, i18n } from '#src/lib/i18n.ts';
import { ServerRejects } from './ServerRejects.tsx';

beforeEach(async () => {
  await activateLanguage('en');
});

describe('ServerRejects', () => {
  it('lists the rejected lines, then the duplicates, each with its reason in words', () => {
    render(
      <I18nProvider i18n={i18n}>
        <ServerRejects
          testId="server-rejected"
          answer={{
            rejected: [
              { line: 2, raw: 'OOPS', reason: 'sn_letter_o_or_i' },
              { line: 3, raw: 'X1', reason: 'from_the_future' },
            ],
            duplicates: [{ line: 4, raw: 'F2LXK0ABCD', value: 'F2LXK0ABCD', of: 'order' }],
          }}
        />
      </I18nProvider>,
    );
    const items = screen.getByTestId('server-rejected').querySelectorAll('li');
    expect([...items].map((li) => li.textContent)).toEqual([
      'OOPS — Serial numbers never contain the letters O or I (did you mean 0 or 1?)',
      'X1 — from_the_future',
      'F2LXK0ABCD — Already in this order',
    ]);
  });
});
