/**
 * Type Allocation Codes (the first 8 digits of an IMEI) -> brand and model, for the offline facts
 * of a device check. A miss is normal: decodeImei then answers brand and model null.
 *
 * Source: compiled by hand from public TAC listings (sample TAC lists published with open-source
 * projects, e.g. the MIT-licensed `mimesis` test-data library, which agree with public IMEI
 * lookup sites). TACs are facts allocated by the GSMA; the authoritative database is the GSMA's,
 * which is licensed and not redistributable. The Osmocom TAC database (CC BY-SA 3.0) is a free
 * alternative to import from; if entries are taken from it, keep its attribution here.
 * Not verified against the GSMA: treat a model name as a hint, never as proof of the device.
 * A single model has many TACs (per region, carrier and production batch), so a missing entry
 * says nothing about the IMEI.
 *
 * To add a TAC: one line `['TTTTTTTT', 'Brand', 'Model'],` (8 digits; the order does not
 * matter; a test rejects malformed or repeated TACs).
 */
export const TAC_ENTRIES: ReadonlyArray<readonly [tac: string, brand: string, model: string]> = [
  ['01124500', 'Apple', 'iPhone'],
  ['01161200', 'Apple', 'iPhone 3G'],
  ['01194800', 'Apple', 'iPhone 3GS'],
  ['01233600', 'Apple', 'iPhone 4'],
  ['01300600', 'Apple', 'iPhone 4S'],
  ['01332700', 'Apple', 'iPhone 5'],
  ['35881505', 'Apple', 'iPhone 5c'],
  ['35875505', 'Apple', 'iPhone 5s'],
  ['35925406', 'Apple', 'iPhone 6'],
  ['35325807', 'Apple', 'iPhone 6s'],
  ['35391805', 'Google', 'Nexus 4'],
  ['35824005', 'Google', 'Nexus 5'],
  ['35896704', 'HTC', 'Desire S'],
  ['35803106', 'HTC', 'One M8s'],
  ['35838706', 'LG', 'G Stylo'],
  ['35929005', 'Motorola', 'Moto G'],
  ['35089080', 'Nokia', '3410'],
  ['35154900', 'Nokia', '6310i'],
  ['35699601', 'Nokia', 'N95'],
  ['35920605', 'Nokia', 'Lumia 625'],
  ['35328504', 'Samsung', 'Galaxy S'],
  ['35332705', 'Samsung', 'Galaxy S II'],
  ['35316605', 'Samsung', 'Galaxy S III'],
  ['35744105', 'Samsung', 'Galaxy S4'],
  ['35909205', 'Samsung', 'Galaxy Note 3'],
  ['35171005', 'Sony Ericsson', 'Xperia S'],
  ['35511405', 'Sony Ericsson', 'Xperia U'],
  ['35316004', 'ZTE', 'Blade'],
];
