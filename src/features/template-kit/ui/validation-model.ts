import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** The validation demo's fields and the spec's messages (section 5), word for word. */
export interface CustomerDraft {
  firstName: string;
  lastName: string;
  city: string | null;
  state: string | null;
}

export const VALIDATION_MESSAGES = {
  firstName: msg`Please enter your first name!`,
  lastName: msg`Please enter your last name!`,
  city: msg`Please select a city!`,
  state: msg`Please select a state!`,
} satisfies Record<keyof CustomerDraft, MessageDescriptor>;

export function validateCustomer(
  draft: CustomerDraft,
): Partial<Record<keyof CustomerDraft, MessageDescriptor>> {
  return {
    ...(draft.firstName.trim() ? {} : { firstName: VALIDATION_MESSAGES.firstName }),
    ...(draft.lastName.trim() ? {} : { lastName: VALIDATION_MESSAGES.lastName }),
    ...(draft.city ? {} : { city: VALIDATION_MESSAGES.city }),
    ...(draft.state ? {} : { state: VALIDATION_MESSAGES.state }),
  };
}
