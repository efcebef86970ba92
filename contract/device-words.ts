/**
 * Words a check provider answers in English that a shop reads in its own language: Apple's colour
 * names, the carrier of an unlocked device, the big Chinese carriers and the countries of sale
 * (issue 27: "Unlocked" and "Midnight Green" on a Chinese screen and in a Chinese spreadsheet).
 *
 * They are data, not interface text: a provider may answer a value not listed here, which then shows
 * as answered. The PWA (results table, facets, device history) and the server's Excel export both
 * read this one table, so a sheet says what the screen says. Chinese names follow Apple China's
 * product pages; Spanish ones Apple Spain's.
 */
export type DeviceWordLang = 'zh' | 'en' | 'es';

type Words = Readonly<Record<string, { zh: string; es: string }>>;

const COLOURS: Words = {
  Black: { zh: '黑色', es: 'Negro' },
  White: { zh: '白色', es: 'Blanco' },
  '(PRODUCT)RED': { zh: '(PRODUCT)RED 红色', es: '(PRODUCT)RED' },
  Red: { zh: '红色', es: 'Rojo' },
  Yellow: { zh: '黄色', es: 'Amarillo' },
  Purple: { zh: '紫色', es: 'Morado' },
  Green: { zh: '绿色', es: 'Verde' },
  Blue: { zh: '蓝色', es: 'Azul' },
  Pink: { zh: '粉色', es: 'Rosa' },
  'Midnight Green': { zh: '暗夜绿色', es: 'Verde noche' },
  'Space Gray': { zh: '深空灰色', es: 'Gris espacial' },
  'Space Grey': { zh: '深空灰色', es: 'Gris espacial' },
  Silver: { zh: '银色', es: 'Plata' },
  Gold: { zh: '金色', es: 'Oro' },
  Graphite: { zh: '石墨色', es: 'Grafito' },
  'Pacific Blue': { zh: '海蓝色', es: 'Azul pacífico' },
  Midnight: { zh: '午夜色', es: 'Medianoche' },
  Starlight: { zh: '星光色', es: 'Blanco estelar' },
  'Sierra Blue': { zh: '远峰蓝色', es: 'Azul alpino' },
  'Alpine Green': { zh: '苍岭绿色', es: 'Verde alpino' },
  'Space Black': { zh: '深空黑色', es: 'Negro espacial' },
  'Deep Purple': { zh: '暗紫色', es: 'Morado oscuro' },
  'Black Titanium': { zh: '黑色钛金属', es: 'Titanio negro' },
  'White Titanium': { zh: '白色钛金属', es: 'Titanio blanco' },
  'Blue Titanium': { zh: '蓝色钛金属', es: 'Titanio azul' },
  'Natural Titanium': { zh: '原色钛金属', es: 'Titanio natural' },
  'Desert Titanium': { zh: '沙漠色钛金属', es: 'Titanio desierto' },
};

const CARRIERS: Words = {
  Unlocked: { zh: '无锁', es: 'Libre' },
  'China Mobile': { zh: '中国移动', es: 'China Mobile' },
  'China Unicom': { zh: '中国联通', es: 'China Unicom' },
  'China Telecom': { zh: '中国电信', es: 'China Telecom' },
};

const COUNTRIES: Words = {
  China: { zh: '中国', es: 'China' },
  'United States': { zh: '美国', es: 'Estados Unidos' },
  Japan: { zh: '日本', es: 'Japón' },
  'Hong Kong': { zh: '中国香港', es: 'Hong Kong' },
  'United Kingdom': { zh: '英国', es: 'Reino Unido' },
  Germany: { zh: '德国', es: 'Alemania' },
  Singapore: { zh: '新加坡', es: 'Singapur' },
};

/** The device fields whose values are words of the tables above. */
export const WORD_FIELDS = {
  colour: COLOURS,
  carrier: CARRIERS,
  carrier_country: COUNTRIES,
  sale_country: COUNTRIES,
} as const satisfies Record<string, Words>;
export type WordField = keyof typeof WORD_FIELDS;

export const isWordField = (field: string): field is WordField => Object.hasOwn(WORD_FIELDS, field);

/** A provider's value of one of these fields in the reader's language; an unknown value as answered. */
export function deviceWord(field: WordField, value: string, lang: string): string {
  if (lang !== 'zh' && lang !== 'es') return value;
  return WORD_FIELDS[field][value]?.[lang] ?? value;
}
