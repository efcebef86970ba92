import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { FacetKey, FlagKey } from './search.ts';

/** The devices filter's keys in words (the same facts as the results' filter). */
export const FILTER_NAMES: Record<FacetKey | FlagKey, MessageDescriptor> = {
  model: msg`Model`,
  capacity: msg`Capacity`,
  colour: msg`Colour`,
  warranty_type: msg`Warranty type`,
  sale_country: msg`Country of sale`,
  carrier: msg`Carrier`,
  activation_lock: msg`Activation lock`,
  network_lock: msg`Network lock`,
  replaced: msg`Replaced`,
};
