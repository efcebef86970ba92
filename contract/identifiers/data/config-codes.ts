/**
 * Apple configuration codes (the last 4 characters of a 12-character serial, the last 3 of an
 * 11-character one) -> model, colour and capacity. The domain calls this "a lookup table that the
 * product ships and grows": it starts small on purpose and is meant to be grown from verified
 * devices (a code seen on a device whose model, colour and capacity the shop confirmed, or a
 * provider's full-check answer).
 *
 * Sources, each code with where it was read:
 * - DPNG: the example serial C8QH6T96DPNG in Reincubate's public DeviceIdentifier documentation.
 * - HX87, HTD5: the examples in acidanthera's macserial FORMAT.md (OpenCorePkg, BSD-3-Clause).
 * - VR0 ... A4T (11-character serials, last 3 characters): the list "Learn About an iPhone From
 *   the Serial Number", OS X Daily, 26 January 2012 (http://osxdaily.com/2012/01/26/reading-iphone-serial-number/,
 *   after iFixit), repeated by Cult of Mac and modmyi. Model, colour and capacity as listed there
 *   ("iPhone 2G" is the first iPhone). A code-to-model mapping is a fact, not a copyrighted work;
 *   the page is cited, not copied.
 * - `released` of those codes: the release dates in cfw-guide/ios.cfw.guide
 *   (docs/.vuepress/json/deviceList.js): iPhone1,1 2007, iPhone1,2 (3G) 2008, iPhone2,1 (3GS)
 *   2009, iPhone3,1 (iPhone 4 GSM) 2010.
 * Apple does not publish the list, and no public source read lists the 4-character codes of
 * iPhones from the 4S on with their colour and capacity: those are left to verified devices. Do not add codes from memory or guesswork: a wrong model is
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
  // OS X Daily, 2012 (11-character serials).
  ['VR0', 'iPhone (2G)', 'Silver', '4GB', 2007],
  ['WH8', 'iPhone (2G)', 'Silver', '8GB', 2007],
  ['0KH', 'iPhone (2G)', 'Silver', '16GB', 2007],
  ['Y7H', 'iPhone 3G', 'Black', '8GB', 2008],
  ['Y7K', 'iPhone 3G', 'Black', '16GB', 2008],
  ['3NP', 'iPhone 3GS', 'Black', '16GB', 2009],
  ['3NR', 'iPhone 3GS', 'Black', '32GB', 2009],
  ['3NQ', 'iPhone 3GS', 'White', '16GB', 2009],
  ['3NS', 'iPhone 3GS', 'White', '32GB', 2009],
  ['A4S', 'iPhone 4', 'Black', '16GB', 2010],
  ['A4T', 'iPhone 4', 'Black', '32GB', 2010],
];
