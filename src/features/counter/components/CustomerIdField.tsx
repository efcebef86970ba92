import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { PickedCustomer } from '../model/customer-summary.ts';
import { CustomerPicker } from './CustomerPicker.tsx';

/**
 * The picker for a form of another feature that only needs the customer's id (repairs intake): it
 * keeps what it shows itself and reports the id. Composed by the route that joins the two features.
 */
export function CustomerIdField({ onChange }: { onChange(customerId: number | null): void }) {
  const { t } = useLingui();
  const [value, setValue] = useState<PickedCustomer | null>(null);
  return (
    <CustomerPicker
      label={t`Customer (optional: every device of this intake is theirs)`}
      value={value}
      onChange={(customer) => {
        setValue(customer);
        onChange(customer?.id ?? null);
      }}
    />
  );
}
