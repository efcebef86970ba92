import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Loader, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { ORDER_TITLE_MAX } from '#contract/values/checks-orders.ts';
import type { OrderWriteDatas } from '#contract/schemas/checks-orders.ts';
import { useFieldErrors } from '#src/lib/use-field-errors.ts';
import { packageChecksQuery, serviceGroupsQuery, servicesQuery } from '../api/catalogue-api.ts';
import { useCreateOrder } from '../api/orders-api.ts';
import { useRequestId } from '#src/lib/use-request-id.ts';
import { useInquiryDraft } from '../model/inquiry-draft.ts';
import { computeLineStats } from '../model/line-stats.ts';
import { coveredByPackages, orderPrice, resolveSelection, shortfall } from '../model/service-selection.ts';
import { useLineStats } from '../model/use-line-stats.ts';
import { OrderPlacedModal } from './OrderPlacedModal.tsx';
import { OrderPriceSummary } from './OrderPriceSummary.tsx';
import { PasteBox } from './PasteBox.tsx';
import { ServicePicker } from './ServicePicker.tsx';

type Field = 'title' | 'lines' | 'services';

interface NewOrderPanelProps {
  userId: number;
  /** The account's spendable points, hundredths. */
  balance: number;
  /** The order was placed: the user's balance changed. */
  onPlaced(datas: OrderWriteDatas): void;
}

/** A new check order: title, devices, services, the live price against the balance, and placing it. */
export function NewOrderPanel({ userId, balance, onPlaced }: NewOrderPanelProps) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [draft, update] = useInquiryDraft(userId);
  const { stats, pending } = useLineStats(draft.text);
  const groups = useQuery(serviceGroupsQuery());
  const services = useQuery(servicesQuery());
  const picked = useMemo(() => new Set(draft.picked), [draft.picked]);
  const catalogue = services.data?.list;
  const selection = useMemo(() => resolveSelection(catalogue ?? [], picked), [catalogue, picked]);
  const packageChecks = useQuery(packageChecksQuery()).data ?? 0;
  const covered = coveredByPackages(stats.valid.length, packageChecks);
  const price = orderPrice(stats.valid.length, selection.pricePerDevice, packageChecks);
  const missing = shortfall(balance, price);
  const { errors, check } = useFieldErrors<Field>();
  const create = useCreateOrder();
  const requestId = useRequestId();
  const [answer, setAnswer] = useState<OrderWriteDatas | null>(null);

  const openOrder = (orderId: number) =>
    void navigate({ to: '/app/quiry/managementDetail', search: { order_id: orderId } });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    // Checked again now, not from the debounced view: what is sent is exactly what was typed.
    const current = await computeLineStats(draft.text);
    const valid = check({
      title: draft.title.trim() ? null : msg`Give the order a title`,
      lines: current.tooMany
        ? msg`Too many lines for one order`
        : current.valid.length === 0
          ? msg`Add at least one valid SN or IMEI`
          : null,
      services:
        selection.services.length === 0
          ? msg`Pick at least one service`
          : selection.inMaintenance.length > 0
            ? msg`A picked service is under maintenance: untick it to order`
            : null,
    });
    if (!valid) return;
    const order = {
      title: draft.title.trim(),
      // The valid lines as typed; the server checks them again with the same rules.
      identifiers: current.valid.map((v) => v.raw),
      service_ids: selection.services.map((s) => s.id),
    };
    create.mutate(
      // Submitting the same order again after a lost answer reuses its id: placed (and paid) once.
      { ...order, request_id: requestId.idFor(order) },
      {
        onSuccess: (datas) => {
          requestId.done();
          update({ title: '', text: '' });
          onPlaced(datas);
          if (datas.rejected.length > 0 || datas.duplicates.length > 0) setAnswer(datas);
          else openOrder(datas.order_id);
        },
      },
    );
  };

  const shown = (field: Field) => (errors[field] ? i18n._(errors[field]) : undefined);
  return (
    <Paper withBorder p="md">
      <form onSubmit={(e) => void onSubmit(e)} noValidate data-testid="new-order-form">
        <Stack>
          <Title order={3}>
            <Trans>New check order</Trans>
          </Title>
          <TextInput
            label={t`Order title`}
            value={draft.title}
            onChange={(e) => update({ title: e.currentTarget.value })}
            maxLength={ORDER_TITLE_MAX}
            error={shown('title')}
            required
            maw={420}
          />
          <PasteBox
            text={draft.text}
            onTextChange={(text) => update({ text })}
            stats={stats}
            pending={pending}
            error={shown('lines')}
          />
          {groups.data && services.data ? (
            <ServicePicker
              groups={groups.data.list}
              services={services.data.list}
              picked={picked}
              selection={selection}
              onToggle={(id, on) =>
                update({ picked: on ? [...draft.picked, id] : draft.picked.filter((p) => p !== id) })
              }
              error={shown('services')}
            />
          ) : groups.isError || services.isError ? (
            <Alert color="red">
              <Trans>The check services could not be loaded.</Trans>
            </Alert>
          ) : (
            <Loader size="sm" aria-label={t`Loading`} />
          )}
          <OrderPriceSummary
            stats={stats}
            pricePerDevice={selection.pricePerDevice}
            covered={covered}
            price={price}
            balance={balance}
            missing={missing}
            placing={create.isPending}
          />
        </Stack>
      </form>
      <OrderPlacedModal answer={answer} openOrder={openOrder} />
    </Paper>
  );
}
