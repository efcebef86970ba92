/**
 * The devices and markets the sandbox invents answers from. Plausible, not authoritative: model
 * names, colours and capacities follow Apple's line-up, the network model numbers are the usual
 * ones per market, and the TACs are made up (sandbox IMEIs are Luhn-valid but not real). Every
 * answer built from this table is marked as sandbox data.
 */

export type Market = 'cn' | 'us' | 'global';

export interface SandboxModel {
  name: string;
  /** Release date, YYYY-MM-DD: no sandbox purchase date comes before it. */
  released: string;
  capacities: readonly string[];
  colours: readonly string[];
  /** Network model (Apple's A number) per market. */
  networkModels: Readonly<Record<Market, string>>;
  /** Serial numbers of models from late 2021 on are 10 random characters, before that 12. */
  randomSerial: boolean;
}

export const SANDBOX_MODELS: readonly SandboxModel[] = [
  {
    name: 'iPhone 11',
    released: '2019-09-20',
    capacities: ['64GB', '128GB', '256GB'],
    colours: ['Black', 'White', '(PRODUCT)RED', 'Yellow', 'Purple', 'Green'],
    networkModels: { cn: 'A2223', us: 'A2111', global: 'A2221' },
    randomSerial: false,
  },
  {
    name: 'iPhone 11 Pro',
    released: '2019-09-20',
    capacities: ['64GB', '256GB', '512GB'],
    colours: ['Midnight Green', 'Space Gray', 'Silver', 'Gold'],
    networkModels: { cn: 'A2217', us: 'A2160', global: 'A2215' },
    randomSerial: false,
  },
  {
    name: 'iPhone 12',
    released: '2020-10-23',
    capacities: ['64GB', '128GB', '256GB'],
    colours: ['Black', 'White', '(PRODUCT)RED', 'Green', 'Blue', 'Purple'],
    networkModels: { cn: 'A2404', us: 'A2172', global: 'A2403' },
    randomSerial: false,
  },
  {
    name: 'iPhone 12 Pro Max',
    released: '2020-11-13',
    capacities: ['128GB', '256GB', '512GB'],
    colours: ['Graphite', 'Silver', 'Gold', 'Pacific Blue'],
    networkModels: { cn: 'A2412', us: 'A2342', global: 'A2411' },
    randomSerial: false,
  },
  {
    name: 'iPhone 13',
    released: '2021-09-24',
    capacities: ['128GB', '256GB', '512GB'],
    colours: ['Midnight', 'Starlight', 'Blue', 'Pink', '(PRODUCT)RED', 'Green'],
    networkModels: { cn: 'A2634', us: 'A2482', global: 'A2633' },
    randomSerial: true,
  },
  {
    name: 'iPhone 13 Pro Max',
    released: '2021-09-24',
    capacities: ['128GB', '256GB', '512GB', '1TB'],
    colours: ['Graphite', 'Gold', 'Silver', 'Sierra Blue', 'Alpine Green'],
    networkModels: { cn: 'A2644', us: 'A2484', global: 'A2643' },
    randomSerial: true,
  },
  {
    name: 'iPhone SE (3rd generation)',
    released: '2022-03-18',
    capacities: ['64GB', '128GB', '256GB'],
    colours: ['Midnight', 'Starlight', '(PRODUCT)RED'],
    networkModels: { cn: 'A2785', us: 'A2595', global: 'A2783' },
    randomSerial: true,
  },
  {
    name: 'iPhone 14',
    released: '2022-09-16',
    capacities: ['128GB', '256GB', '512GB'],
    colours: ['Midnight', 'Starlight', 'Blue', 'Purple', '(PRODUCT)RED', 'Yellow'],
    networkModels: { cn: 'A2884', us: 'A2649', global: 'A2882' },
    randomSerial: true,
  },
  {
    name: 'iPhone 14 Pro',
    released: '2022-09-16',
    capacities: ['128GB', '256GB', '512GB', '1TB'],
    colours: ['Space Black', 'Silver', 'Gold', 'Deep Purple'],
    networkModels: { cn: 'A2892', us: 'A2650', global: 'A2890' },
    randomSerial: true,
  },
  {
    name: 'iPhone 15',
    released: '2023-09-22',
    capacities: ['128GB', '256GB', '512GB'],
    colours: ['Black', 'Blue', 'Green', 'Yellow', 'Pink'],
    networkModels: { cn: 'A3092', us: 'A2846', global: 'A3090' },
    randomSerial: true,
  },
  {
    name: 'iPhone 15 Pro Max',
    released: '2023-09-22',
    capacities: ['256GB', '512GB', '1TB'],
    colours: ['Black Titanium', 'White Titanium', 'Blue Titanium', 'Natural Titanium'],
    networkModels: { cn: 'A3108', us: 'A2849', global: 'A3106' },
    randomSerial: true,
  },
  {
    name: 'iPhone 16 Pro Max',
    released: '2024-09-20',
    capacities: ['256GB', '512GB', '1TB'],
    colours: ['Black Titanium', 'White Titanium', 'Natural Titanium', 'Desert Titanium'],
    networkModels: { cn: 'A3297', us: 'A3084', global: 'A3296' },
    randomSerial: true,
  },
];

export interface SandboxCountry {
  /** Country of sale, as upstream data names it. */
  name: string;
  market: Market;
  /** Share of devices sold there (relative weight). */
  weight: number;
  /** Chance a device sold there is locked to a carrier. */
  lockedShare: number;
  /** Carriers a locked device can be locked to. */
  carriers: readonly string[];
}

export const SANDBOX_COUNTRIES: readonly SandboxCountry[] = [
  {
    name: 'China',
    market: 'cn',
    weight: 45,
    lockedShare: 0.01,
    carriers: ['China Mobile', 'China Unicom', 'China Telecom'],
  },
  {
    name: 'United States',
    market: 'us',
    weight: 28,
    lockedShare: 0.35,
    carriers: ['AT&T', 'Verizon', 'T-Mobile'],
  },
  {
    name: 'Japan',
    market: 'global',
    weight: 8,
    lockedShare: 0.3,
    carriers: ['SoftBank', 'au (KDDI)', 'NTT docomo'],
  },
  { name: 'Hong Kong', market: 'global', weight: 7, lockedShare: 0.02, carriers: ['CSL', '3 Hong Kong'] },
  {
    name: 'United Kingdom',
    market: 'global',
    weight: 5,
    lockedShare: 0.15,
    carriers: ['EE', 'Vodafone UK', 'O2 UK'],
  },
  { name: 'Germany', market: 'global', weight: 4, lockedShare: 0.1, carriers: ['Telekom', 'Vodafone DE'] },
  { name: 'Singapore', market: 'global', weight: 3, lockedShare: 0.05, carriers: ['Singtel', 'StarHub'] },
];

/** What an unlocked device's carrier reads. */
export const UNLOCKED_CARRIER = 'Unlocked';
