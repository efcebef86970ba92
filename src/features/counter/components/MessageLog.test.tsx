import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { activateLanguage, i18n } from '#src/lib/i18n.ts';
import { MessageLog } from './MessageLog.tsx';

const base = {
  ticket_id: 7,
  lang: 'en',
  phone: '13500000000',
  attempts: 1,
  created_at: 1_764_300_000,
  sent_at: null,
};

function renderLog(messages: Parameters<typeof MessageLog>[0]['messages']) {
  render(
    <I18nProvider i18n={i18n}>
      <MantineProvider env="test">
        <MessageLog messages={messages} />
      </MantineProvider>
    </I18nProvider>,
  );
}

describe('MessageLog', () => {
  beforeEach(async () => {
    await activateLanguage('zh');
  });

  it('names each message by its status change and its delivery in words, with the reason, never a code', () => {
    renderLog([
      {
        ...base,
        id: 1,
        trigger: 'ready_for_pickup',
        state: 'sent',
        result: '',
        text: 'Hi Ann',
        sent_at: 1_764_300_100,
      },
      {
        ...base,
        id: 2,
        trigger: 'quote_ready',
        state: 'skipped',
        result: 'opted_out',
        text: 'Hi Bo',
        attempts: 0,
      },
      { ...base, id: 3, trigger: 'sent_to_apple', state: 'failed', result: 'not_configured', text: 'Hi Cy' },
    ]);
    const row = (id: number) => within(screen.getByTestId(`message-${id}`));
    expect(row(1).getByText('待取机')).toBeTruthy();
    expect(row(1).getByText('已发送')).toBeTruthy();
    expect(row(2).getByText('已跳过')).toBeTruthy();
    expect(row(2).getByText('客户已退订短信')).toBeTruthy();
    expect(row(3).getByText('未发送')).toBeTruthy();
    expect(row(3).getByText('未配置短信服务')).toBeTruthy();
    expect(screen.getByTestId('message-log').textContent).not.toMatch(
      /opted_out|not_configured|ready_for_pickup/,
    );
  });

  it('says so when nothing was sent', () => {
    renderLog([]);
    expect(screen.getByText('尚未发送任何短信。')).toBeTruthy();
  });
});
