/**
 * Apple configuration codes (the last 4 characters of a 12-character serial, the last 3 of an
 * 11-character one) -> model, colour and capacity. The domain calls this "a lookup table that the
 * product ships and grows": it starts small on purpose and is meant to be grown from verified
 * devices (a code seen on a device whose model, colour and capacity the shop confirmed, or a
 * provider's full-check answer).
 *
 * Source: compiled by hand from public examples only, each with where it was seen:
 * - DPNG: the example serial C8QH6T96DPNG in Reincubate's public DeviceIdentifier documentation.
 * - HX87, HTD5: the examples in acidanthera's macserial FORMAT.md (OpenCorePkg, BSD-3-Clause).
 * Apple does not publish the list. Do not add codes from memory or guesswork: a wrong model is
 * worse than none, because it is shown to shops as an offline fact.
 *
 * `released` is the year the model came out. It also settles the one ambiguity of the serial's
 * year letter (C, D, F and G each mean 2010/2011 or 2020/2021; decodeSerial picks the decade the
 * model existed in).
 *
 * To add a code: one line `['CODE', 'Model', 'Colour' | null, 'Capacity' | null, released],`.
 */
export const CONFIG_CODE_ENTRIES: ReadonlyArray<
  readonly [code: string, model: string, colour: string | null, capacity: string | null, released: number]
> = [
  ['DPNG', 'iPhone 4 (CDMA)', null, '8GB', 2011],
  ['HX87', 'iMac Pro (2017)', null, null, 2017],
  ['HTD5', 'MacBook Pro (15-inch, 2017)', null, null, 2017],
];
