import type { Page } from '@playwright/test';
import type { DashboardPeriod } from '#contract/schemas/dashboards.ts';
import { hotPhonesFixture, overviewFixture, phoneDetailFixture } from '#tests/fixtures/dashboards.ts';

/**
 * The dashboard calls answer the fixtures (tests/fixtures/dashboards.ts): fixed days and figures for
 * visual references (the demo history moves with the calendar).
 */
export async function pinDashboards(page: Page) {
  const answer = (datas: unknown) => ({ json: { errcode: 0, msg: '', datas } });
  await page.route('**/api/dashboard/overview', (route) =>
    route.fulfill(
      answer(overviewFixture((route.request().postDataJSON()?.period ?? '7d') as DashboardPeriod)),
    ),
  );
  await page.route('**/api/dashboard/hot_phones', (route) =>
    route.fulfill(
      answer(hotPhonesFixture((route.request().postDataJSON()?.period ?? '30d') as DashboardPeriod)),
    ),
  );
  await page.route('**/api/dashboard/phone_detail', (route) => {
    const body = route.request().postDataJSON() as { model: string; period: DashboardPeriod };
    return route.fulfill(answer(phoneDetailFixture(body.model, body.period)));
  });
}
