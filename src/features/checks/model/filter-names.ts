import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { FacetField, TriField } from '#contract/results-filter/filter.ts';

/** The facet filters' titles. */
export const FACET_NAMES: Record<FacetField, MessageDescriptor> = {
  model: msg`Model`,
  capacity: msg`Capacity`,
  colour: msg`Colour`,
  network_model: msg`Network model`,
  warranty_type: msg`Warranty type`,
  carrier: msg`Carrier`,
  sale_country: msg`Country of sale`,
  status: msg`Job status`,
};

/** The tri-state filters' titles ("ID lock" is the activation lock: decision 0020). */
export const TRI_FILTER_NAMES: Record<TriField, MessageDescriptor> = {
  activated: msg`Activated`,
  activation_lock: msg`Activation lock (ID lock)`,
  replaced: msg`Replaced by Apple`,
  id_blacklist: msg`ID blacklist`,
  network_lock: msg`Network lock`,
  in_repair: msg`In repair`,
  mdm_lock: msg`MDM lock`,
};
