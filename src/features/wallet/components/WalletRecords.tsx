import { Tabs, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { PointRecord } from './PointRecord.tsx';
import { PurchaseRecord } from './PurchaseRecord.tsx';

export type RecordView = 'points' | 'purchases';

/** /app/pointrecord: the point record and, beside it, the purchase record (the `view` search param). */
export function WalletRecords({ view, onView }: { view: RecordView; onView(view: RecordView): void }) {
  const { t } = useLingui();
  return (
    <>
      <Title order={2} mb="sm">
        {view === 'purchases' ? <Trans>Purchase record</Trans> : <Trans>Point record</Trans>}
      </Title>
      <Tabs
        value={view}
        onChange={(value) => onView(value === 'purchases' ? 'purchases' : 'points')}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="points">{t`Point record`}</Tabs.Tab>
          <Tabs.Tab value="purchases">{t`Purchase record`}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="points">
          <PointRecord />
        </Tabs.Panel>
        <Tabs.Panel value="purchases">
          <PurchaseRecord />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
