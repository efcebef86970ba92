import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/**
 * The template pages' sample data: the world of a phone repair and trading shop. Model names, prices
 * and identifiers are the same in every language; words are translatable messages.
 */
export type Condition = 'like_new' | 'good' | 'fair';
export type StockStatus = 'in_stock' | 'reserved' | 'sold';

export const CONDITIONS: Record<Condition, MessageDescriptor> = {
  like_new: msg`Like new`,
  good: msg`Good`,
  fair: msg`Fair`,
};
export const STOCK_STATUSES: Record<StockStatus, MessageDescriptor> = {
  in_stock: msg`In stock`,
  reserved: msg`Reserved`,
  sold: msg`Sold`,
};
export const STATUS_COLORS: Record<StockStatus, string> = {
  in_stock: 'teal',
  reserved: 'blue',
  sold: 'gray',
};

export interface Phone {
  sku: string;
  model: string;
  brand: string;
  storage: number;
  condition: Condition;
  status: StockStatus;
  /** Yuan. */
  price: number;
  battery: number;
  imei: string;
  /** The body colour of the drawing. */
  hue: string;
}

export const PHONES: Phone[] = [
  {
    sku: 'A15P-256',
    model: 'iPhone 15 Pro',
    brand: 'Apple',
    storage: 256,
    condition: 'like_new',
    status: 'in_stock',
    price: 6299,
    battery: 98,
    imei: '356728115902341',
    hue: '#8a8d91',
  },
  {
    sku: 'A14-128',
    model: 'iPhone 14',
    brand: 'Apple',
    storage: 128,
    condition: 'good',
    status: 'in_stock',
    price: 3899,
    battery: 91,
    imei: '353918104477205',
    hue: '#4a6fa5',
  },
  {
    sku: 'A13M-128',
    model: 'iPhone 13 mini',
    brand: 'Apple',
    storage: 128,
    condition: 'good',
    status: 'reserved',
    price: 2599,
    battery: 87,
    imei: '352017119843362',
    hue: '#c23b4e',
  },
  {
    sku: 'S24-256',
    model: 'Galaxy S24',
    brand: 'Samsung',
    storage: 256,
    condition: 'like_new',
    status: 'in_stock',
    price: 4599,
    battery: 99,
    imei: '358240731150228',
    hue: '#6b5b95',
  },
  {
    sku: 'HM60-512',
    model: 'Mate 60 Pro',
    brand: 'Huawei',
    storage: 512,
    condition: 'good',
    status: 'in_stock',
    price: 5199,
    battery: 93,
    imei: '864120063318427',
    hue: '#2f4f4f',
  },
  {
    sku: 'X14-256',
    model: 'Xiaomi 14',
    brand: 'Xiaomi',
    storage: 256,
    condition: 'fair',
    status: 'sold',
    price: 2799,
    battery: 84,
    imei: '869471057710395',
    hue: '#3c8d5a',
  },
  {
    sku: 'P8-128',
    model: 'Pixel 8',
    brand: 'Google',
    storage: 128,
    condition: 'good',
    status: 'in_stock',
    price: 2999,
    battery: 90,
    imei: '357813240018866',
    hue: '#d8a31a',
  },
  {
    sku: 'OF6-256',
    model: 'Find X6',
    brand: 'OPPO',
    storage: 256,
    condition: 'fair',
    status: 'reserved',
    price: 2399,
    battery: 82,
    imei: '861735049920143',
    hue: '#7a4e2d',
  },
];

export interface RepairService {
  id: string;
  name: MessageDescriptor;
  minutes: number;
  /** Yuan, parts included. */
  price: number;
}

export const REPAIR_SERVICES: RepairService[] = [
  { id: 'screen', name: msg`Screen replacement`, minutes: 60, price: 899 },
  { id: 'battery', name: msg`Battery replacement`, minutes: 40, price: 299 },
  { id: 'port', name: msg`Charging port repair`, minutes: 45, price: 199 },
  { id: 'back', name: msg`Back glass replacement`, minutes: 90, price: 399 },
  { id: 'camera', name: msg`Camera repair`, minutes: 60, price: 459 },
  { id: 'water', name: msg`Water damage cleaning`, minutes: 120, price: 259 },
  { id: 'data', name: msg`Data recovery`, minutes: 180, price: 599 },
];

/** The shop's branches (the maps page draws them). */
export interface Branch {
  id: string;
  name: MessageDescriptor;
  /** Position on the drawn map, 0-100. */
  x: number;
  y: number;
  technicians: number;
}
export const BRANCHES: Branch[] = [
  { id: 'hq', name: msg`Main shop, Huaqiangbei`, x: 58, y: 46, technicians: 6 },
  { id: 'north', name: msg`North branch, Longhua`, x: 44, y: 18, technicians: 3 },
  { id: 'west', name: msg`West branch, Nanshan`, x: 18, y: 60, technicians: 4 },
  { id: 'east', name: msg`East drop-off point, Luohu`, x: 80, y: 52, technicians: 1 },
];

/** Money as the shop shows it: yuan with two decimals, grouped by the language's rules. */
export function formatYuan(value: number, locale: string): string {
  return `¥${value.toLocaleString(locale === 'zh' ? 'zh-CN' : locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
