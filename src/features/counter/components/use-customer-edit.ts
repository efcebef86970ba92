import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { isCustomerPhone } from '#contract/counter/phones.ts';
import type { CustomerRow } from '#contract/schemas/counter-customers.ts';
import { actionErrorText } from '#src/lib/api/error-messages.ts';
import { invalidFields } from '#src/lib/api/errors.ts';
import { notify } from '#src/ui/notify.ts';
import { useRequestId } from '#src/lib/use-request-id.ts';
import { useSaveCustomer } from '../api/customers-api.ts';
import { phoneOwnerOf } from '../model/phone-taken.ts';

/** The part of a customer the edit form changes. */
export type CustomerDraft = Pick<
  CustomerRow,
  'name' | 'phones' | 'wechat_id' | 'note' | 'tags' | 'lang' | 'sms_opt_out'
>;

export type CustomerEditErrors = Partial<Record<keyof CustomerDraft | 'form', string>>;

/**
 * The edit form's draft and its save (CustomerEditForm.tsx): checked here first, then sent once
 * (request_id); a phone that is another customer's is handed to `onPhoneTaken`, which offers the merge.
 */
export function useCustomerEdit(
  customer: CustomerRow,
  onPhoneTaken: (owner: { customer_id: number; name: string }) => void,
) {
  const { t } = useLingui();
  const [draft, setDraft] = useState<CustomerDraft>(customer);
  const [errors, setErrors] = useState<CustomerEditErrors>({});
  const save = useSaveCustomer();
  const requestIds = useRequestId();
  const set = <K extends keyof CustomerDraft>(key: K, value: CustomerDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  async function submit() {
    const next: CustomerEditErrors = {};
    if (!draft.name.trim()) next.name = t`Please enter the customer's name`;
    const bad = draft.phones.find((p) => !isCustomerPhone(p));
    if (bad) next.phones = t`Not a phone number: ${bad}`;
    setErrors(next);
    if (next.name || next.phones) return;
    const body = {
      id: customer.id,
      name: draft.name.trim(),
      phones: draft.phones,
      wechat_id: draft.wechat_id.trim(),
      note: draft.note,
      tags: draft.tags,
      lang: draft.lang,
      sms_opt_out: draft.sms_opt_out,
    };
    try {
      await save.mutateAsync({ ...body, request_id: requestIds.idFor(body) });
      requestIds.done();
      notify('success', t`Customer saved`);
    } catch (err) {
      const owner = phoneOwnerOf(err);
      if (owner) onPhoneTaken(owner);
      const fields = invalidFields(err);
      setErrors({
        ...(fields as CustomerEditErrors),
        form: owner ? t`This phone belongs to ${owner.name} already.` : (actionErrorText(err) ?? undefined),
      });
    }
  }

  return { draft, set, errors, submit, saving: save.isPending };
}
