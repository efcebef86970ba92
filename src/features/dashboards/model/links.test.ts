import { describe, expect, it } from 'vitest';
import { linkLocation } from './links.ts';

describe('linkLocation', () => {
  it('sends each list to its page with its filter as the URL search', () => {
    expect(
      linkLocation({
        list: 'check_orders',
        filter: { created_from: '2026-04-01', created_to: '2026-04-07' },
      }),
    ).toEqual({
      to: '/app/quiry/basicinquiry',
      search: { created_from: '2026-04-01', created_to: '2026-04-07' },
    });
    expect(
      linkLocation({
        list: 'devices',
        filter: { from: '2026-04-01', to: '2026-04-07', model: ['iPhone 14'], colour: undefined },
      }),
    ).toEqual({
      to: '/app/dashboards/devices',
      search: { from: '2026-04-01', to: '2026-04-07', model: ['iPhone 14'] },
    });
    expect(
      linkLocation({ list: 'repair_devices', filter: { progress: ['repairing'], watched: false } }),
    ).toEqual({ to: '/app/maintenance/maintenance', search: { progress: ['repairing'] } });
    expect(linkLocation({ list: 'repair_devices', filter: { changed_today: true } })).toEqual({
      to: '/app/maintenance/maintenance',
      search: { changed_today: true },
    });
    expect(linkLocation({ list: 'point_record', filter: {} }).to).toBe('/app/pointrecord');
    expect(linkLocation({ list: 'shopping_center', filter: {} }).to).toBe(
      '/app/shoppingcenter/shoppingcenter',
    );
  });
});
