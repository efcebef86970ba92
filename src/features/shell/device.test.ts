import { describe, expect, it } from 'vitest';
import { isPhone } from './device.ts';

// Real user agents, with the touch points and screen width (CSS px) the devices report.
const DEVICES: { name: string; ua: string; touch: number; width: number; phone: boolean }[] = [
  {
    name: 'iPhone 15, Safari',
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    touch: 5,
    width: 393,
    phone: true,
  },
  {
    name: 'iPhone 15, Chrome',
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0.6312.52 Mobile/15E148 Safari/604.1',
    touch: 5,
    width: 393,
    phone: true,
  },
  {
    name: 'iPhone 15, Safari "request desktop website"',
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
    touch: 5,
    width: 393,
    phone: true,
  },
  {
    name: 'Pixel 8, Chrome (reduced user agent)',
    ua: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
    touch: 5,
    width: 412,
    phone: true,
  },
  {
    name: 'Pixel 8, Chrome (full user agent)',
    ua: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36',
    touch: 5,
    width: 412,
    phone: true,
  },
  {
    name: 'Pixel 8, Chrome "desktop site"',
    ua: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    touch: 5,
    width: 412,
    phone: true,
  },
  {
    name: 'Android phone, Firefox',
    ua: 'Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0',
    touch: 5,
    width: 412,
    phone: true,
  },
  {
    name: 'Lumia 950, Edge (Windows Phone)',
    ua: 'Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0.2743.116 Mobile Safari/537.36 Edge/15.15063',
    touch: 5,
    width: 360,
    phone: true,
  },
  {
    name: 'iPad Air, Safari (mobile site)',
    ua: 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    touch: 5,
    width: 820,
    phone: false,
  },
  {
    name: 'iPad Air, Chrome',
    ua: 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0.6312.52 Mobile/15E148 Safari/604.1',
    touch: 5,
    width: 820,
    phone: false,
  },
  {
    name: 'iPad Air, iPadOS Safari in desktop mode (the default)',
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
    touch: 5,
    width: 820,
    phone: false,
  },
  {
    name: 'iPad mini, iPadOS Safari in desktop mode',
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
    touch: 5,
    width: 744,
    phone: false,
  },
  {
    name: 'Galaxy Tab S9, Chrome',
    ua: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    touch: 5,
    width: 800,
    phone: false,
  },
  {
    name: 'Galaxy Tab S9, Samsung Internet',
    ua: 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Safari/537.36',
    touch: 5,
    width: 800,
    phone: false,
  },
  {
    name: 'Android tablet, Firefox',
    ua: 'Mozilla/5.0 (Android 14; Tablet; rv:125.0) Gecko/125.0 Firefox/125.0',
    touch: 5,
    width: 800,
    phone: false,
  },
  {
    name: 'Windows desktop, Chrome',
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    touch: 0,
    width: 1920,
    phone: false,
  },
  {
    name: 'Windows touch laptop, Edge',
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0',
    touch: 10,
    width: 1368,
    phone: false,
  },
  {
    name: 'Windows desktop, Firefox',
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0',
    touch: 0,
    width: 1920,
    phone: false,
  },
  {
    name: 'Linux desktop, Firefox',
    ua: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
    touch: 0,
    width: 1920,
    phone: false,
  },
  {
    name: 'Mac desktop, Safari',
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
    touch: 0,
    width: 1512,
    phone: false,
  },
  {
    name: 'jsdom (tests)',
    ua: 'Mozilla/5.0 (linux) AppleWebKit/537.36 (KHTML, like Gecko) jsdom/26.1.0',
    touch: 0,
    width: 0,
    phone: false,
  },
];

describe('phones, not tablets, go to the blank page (spec section 1)', () => {
  it.each(DEVICES)('$name: phone $phone', ({ ua, touch, width, phone }) => {
    expect(isPhone(ua, touch, width)).toBe(phone);
  });

  it('an empty user agent is no phone', () => {
    expect(isPhone('', 0, 0)).toBe(false);
  });
});
