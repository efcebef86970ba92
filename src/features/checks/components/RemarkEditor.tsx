import { memo, useState } from 'react';
import { Button, Group, Textarea } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { ORDER_REMARK_MAX } from '#contract/values/checks-orders.ts';
import { newRequestId, useOrderRemark } from '../api/orders-api.ts';

/** The order's remark, editable in place; saved on demand. */
export const RemarkEditor = memo(function RemarkEditor({
  orderId,
  remark,
}: {
  orderId: number;
  remark: string;
}) {
  const { t } = useLingui();
  const [text, setText] = useState(remark);
  const [savedFor, setSavedFor] = useState(remark);
  // A remark changed elsewhere (another employee) replaces an unedited field.
  if (remark !== savedFor) {
    setSavedFor(remark);
    if (text === savedFor) setText(remark);
  }
  const save = useOrderRemark();
  const dirty = text.trim() !== remark;
  return (
    <Group align="flex-end" gap="xs">
      <Textarea
        label={t`Remark`}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        maxLength={ORDER_REMARK_MAX}
        rows={2}
        style={{ flex: '1 1 220px' }}
        data-testid="order-remark"
      />
      <Button
        variant="light"
        disabled={!dirty}
        loading={save.isPending}
        onClick={() => save.mutate({ order_id: orderId, remark: text.trim(), request_id: newRequestId() })}
      >
        {t`Save remark`}
      </Button>
    </Group>
  );
});
