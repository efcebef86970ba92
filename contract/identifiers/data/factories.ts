/**
 * Manufacturing location codes at the start of an Apple serial number: the first 3 characters of
 * a 12-character serial (looked up first), else their first 2; the first 2 of an 11-character one.
 *
 * Source: compiled by hand from the location lists that circulate publicly (reverse-engineered,
 * never published by Apple), e.g. the table in acidanthera's macserial (OpenCorePkg, BSD-3-Clause)
 * and the lists repeated by repair and second-hand sites. Apple reuses codes across factories over
 * time: a location is a hint, not a fact about the device.
 *
 * To add a location: one line `['CODE', 'Place'],` with a 2- or 3-character code.
 */
export const FACTORY_ENTRIES: ReadonlyArray<readonly [code: string, place: string]> = [
  // 3-character codes (12-character serials)
  ['C02', 'China (Quanta Computer)'],
  ['C07', 'China (Quanta Computer)'],
  ['C17', 'China'],
  ['C1M', 'China'],
  ['C2V', 'China'],
  ['CK2', 'Ireland (Cork)'],
  ['F5K', 'USA (Flextronics)'],
  ['YM0', 'China (Hon Hai/Foxconn)'],
  // 2-character codes (11-character serials, and the fallback for 12-character ones)
  ['1C', 'China'],
  ['4H', 'China'],
  ['7J', 'China (Hon Hai/Foxconn)'],
  ['C0', 'China (Quanta Computer, Tech-Com)'],
  ['C3', 'China (Shenzhen, Foxconn)'],
  ['C7', 'China (Shanghai, Pegatron)'],
  ['CK', 'Ireland (Cork)'],
  ['CY', 'Korea'],
  ['DL', 'China (Foxconn)'],
  ['DM', 'China (Foxconn)'],
  ['DN', 'China (Chengdu, Foxconn)'],
  ['EE', 'Taiwan'],
  ['F1', 'China (Zhengzhou, Foxconn)'],
  ['F2', 'China (Zhengzhou, Foxconn)'],
  ['F7', 'China'],
  ['FC', 'USA (Fountain, Colorado)'],
  ['FK', 'China (Zhengzhou, Foxconn)'],
  ['G8', 'USA'],
  ['MB', 'Malaysia'],
  ['PT', 'Korea'],
  ['QP', 'USA'],
  ['QT', 'Taiwan (Quanta Computer)'],
  ['RM', 'Refurbished'],
  ['RN', 'Mexico'],
  ['SG', 'Singapore'],
  ['UV', 'Taiwan'],
  ['VM', 'Czech Republic (Pardubice, Foxconn)'],
  ['W8', 'China (Shanghai)'],
  ['WQ', 'China'],
  ['XA', 'USA'],
  ['XB', 'USA'],
  ['YM', 'China (Hon Hai/Foxconn)'],
];
