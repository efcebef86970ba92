import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { breadcrumbFromPath, type BreadcrumbSegment } from './breadcrumb.ts';

const text = (segment: BreadcrumbSegment) => (segment.title ? i18n._(segment.title) : segment.label);
const texts = (pathname: string) => breadcrumbFromPath(pathname).map(text);
const paths = (pathname: string) => breadcrumbFromPath(pathname).map((segment) => segment.path);

describe('breadcrumb from the path (spec section 2)', () => {
  // The source (English) texts: the descriptors carry them as their message.
  beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it('order detail: Home › the group › the page', () => {
    expect(texts('/app/quiry/managementDetail')).toEqual(['Home', 'Order management', 'Order detail']);
    expect(paths('/app/quiry/managementDetail')).toEqual([
      '/app/dashboards/default',
      '/app/quiry/basicinquiry',
      '/app/quiry/managementDetail',
    ]);
  });

  it('basic inquiry', () => {
    expect(texts('/app/quiry/basicinquiry')).toEqual(['Home', 'Order management', 'Basic inquiry']);
  });

  it('a section links to its default page, since the section is no page', () => {
    expect(breadcrumbFromPath('/app/maintenance/orderDetail')).toEqual([
      expect.objectContaining({ path: '/app/dashboards/default', linkable: true }),
      expect.objectContaining({ path: '/app/maintenance/maintenance', label: 'maintenance', linkable: true }),
      expect.objectContaining({ path: '/app/maintenance/orderDetail', label: 'orderDetail', linkable: true }),
    ]);
    expect(texts('/app/maintenance/orderDetail')).toEqual(['Home', 'Repairs', 'Order detail']);
    expect(paths('/app/shoppingcenter/shoppingcenter')).toEqual([
      '/app/dashboards/default',
      '/app/shoppingcenter/shoppingcenter',
      '/app/shoppingcenter/shoppingcenter',
    ]);
    expect(texts('/app/dashboards/hotphone')).toEqual(['Home', 'Dashboards', 'Hot phones']);
  });

  it('a page right under /app', () => {
    expect(texts('/app/downloadCenter')).toEqual(['Home', 'Download center']);
    expect(texts('/app/pointrecord')).toEqual(['Home', 'Point record']);
  });

  it('unknown segments show as themselves (decoded) and are not links', () => {
    const segments = breadcrumbFromPath('/app/stock/shelf/data%20list');
    expect(segments.map(text)).toEqual(['Home', 'stock', 'shelf', 'data list']);
    expect(segments.map((segment) => segment.linkable)).toEqual([true, false, false, false]);
    expect(segments.map((segment) => segment.path)).toEqual([
      '/app/dashboards/default',
      '/app/stock',
      '/app/stock/shelf',
      '/app/stock/shelf/data%20list',
    ]);
    expect(segments[1]).not.toHaveProperty('title');
  });

  it('a badly encoded segment is shown raw', () => {
    expect(texts('/app/%E0%A4%A')).toEqual(['Home', '%E0%A4%A']);
  });

  it('/app, a trailing slash and repeated slashes', () => {
    expect(texts('/app')).toEqual(['Home']);
    expect(texts('/app/')).toEqual(['Home']);
    expect(texts('/')).toEqual(['Home']);
    expect(texts('//app//downloadCenter/')).toEqual(['Home', 'Download center']);
  });

  it('a path outside /app still starts at Home', () => {
    expect(texts('/orderAlipay')).toEqual(['Home', 'Payment']);
  });
});
