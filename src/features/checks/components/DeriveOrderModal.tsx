import { memo, useMemo, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { DeviceSelection } from '#contract/schemas/checks-derive.ts';
import { ORDER_TITLE_MAX } from '#contract/values/checks-orders.ts';
import type { OrderWriteDatas } from '#contract/schemas/checks-orders.ts';
import { formatHundredths } from '#src/lib/amount.ts';
import { ApiError } from '#src/lib/api/errors.ts';
import { localizedErrorMessage } from '#src/lib/api/error-messages.ts';
import { useFieldErrors } from '#src/lib/use-field-errors.ts';
import { useRequestId } from '#src/lib/use-request-id.ts';
import { useDeriveOrder } from '../api/actions-api.ts';
import { serviceGroupsQuery, servicesQuery } from '../api/catalogue-api.ts';
import { orderPrice, resolveSelection } from '../model/service-selection.ts';
import { ServicePicker } from './ServicePicker.tsx';

interface DeriveOrderModalProps {
  opened: boolean;
  orderId: number;
  orderTitle: string;
  /** The devices to copy and how many they are. */
  selection: DeviceSelection;
  count: number;
  onClose(): void;
  onPlaced(datas: OrderWriteDatas): void;
}

type Field = 'title' | 'services';

/** Copy the selected devices into a new check order with other services (priced like any order). */
export const DeriveOrderModal = memo(function DeriveOrderModal(props: DeriveOrderModalProps) {
  const { t } = useLingui();
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t`Close` }}
      opened={props.opened}
      onClose={props.onClose}
      title={t`Copy into a new order`}
      size="lg"
      centered
    >
      {props.opened && <DeriveForm {...props} />}
    </Modal>
  );
});

function DeriveForm({ orderId, orderTitle, selection, count, onClose, onPlaced }: DeriveOrderModalProps) {
  const { t, i18n } = useLingui();
  const [title, setTitle] = useState(() => t`${orderTitle} (re-check)`.slice(0, ORDER_TITLE_MAX));
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const groups = useQuery(serviceGroupsQuery());
  const services = useQuery(servicesQuery());
  const catalogue = services.data?.list;
  const chosen = useMemo(() => resolveSelection(catalogue ?? [], picked), [catalogue, picked]);
  const { errors, check } = useFieldErrors<Field>();
  const derive = useDeriveOrder();
  const requestId = useRequestId();
  const failure = derive.error instanceof ApiError ? derive.error : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const valid = check({
      title: title.trim() ? null : msg`Give the order a title`,
      services:
        chosen.services.length === 0
          ? msg`Pick at least one service`
          : chosen.inMaintenance.length > 0
            ? msg`A picked service is under maintenance: untick it to order`
            : null,
    });
    if (!valid) return;
    const body = {
      order_id: orderId,
      selection,
      title: title.trim(),
      service_ids: chosen.services.map((s) => s.id),
    };
    // A resubmission after a lost answer keeps its request_id: placed (and paid) once.
    derive.mutate(
      { ...body, request_id: requestId.idFor(body) },
      {
        onSuccess: (datas) => {
          requestId.done();
          onPlaced(datas);
        },
      },
    );
  };

  const shown = (field: Field) => (errors[field] ? i18n._(errors[field]) : undefined);
  const price = orderPrice(count, chosen.pricePerDevice);
  return (
    <form onSubmit={submit} noValidate data-testid="derive-form">
      <Stack>
        <Text size="sm" data-testid="derive-count">
          <Plural
            value={count}
            one="# device will be copied into a new order and checked again."
            other="# devices will be copied into a new order and checked again."
          />
        </Text>
        <TextInput
          label={t`Order title`}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          maxLength={ORDER_TITLE_MAX}
          error={shown('title')}
          required
        />
        {groups.data && services.data ? (
          <ServicePicker
            groups={groups.data.list}
            services={services.data.list}
            picked={picked}
            selection={chosen}
            onToggle={(id, on) => {
              const next = new Set(picked);
              if (on) next.add(id);
              else next.delete(id);
              setPicked(next);
            }}
            error={shown('services')}
          />
        ) : services.isError || groups.isError ? (
          <Alert color="red">
            <Trans>The check services could not be loaded.</Trans>
          </Alert>
        ) : (
          <Loader size="sm" aria-label={t`Loading`} />
        )}
        {failure && (
          <Alert color="red" data-testid="derive-error">
            {localizedErrorMessage(failure.errcode, failure.message, failure.datas)}
          </Alert>
        )}
        <Group justify="space-between">
          <Text fw={600} data-testid="derive-price">
            <Trans>Price: {formatHundredths(price)} points</Trans>
          </Text>
          <Group>
            <Button variant="default" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={derive.isPending} data-testid="derive-submit">
              <Trans>Place the order</Trans>
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
