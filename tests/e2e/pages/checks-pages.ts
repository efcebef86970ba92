import { expect, type Page } from '@playwright/test';

/** Basic inquiry: the new-order form and the order list. */
export class BasicInquiryPage {
  readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }

  form = () => this.page.getByTestId('new-order-form');
  count = async (kind: 'valid' | 'invalid' | 'duplicates') =>
    Number(await this.page.getByTestId(`stats-${kind}`).getAttribute('data-count'));

  async open() {
    await this.page.goto('/#/app/quiry/basicinquiry');
    await expect(this.form()).toBeVisible();
  }

  /** Imports a spreadsheet through the file chooser, as a person does. */
  async importSheet(path: string) {
    const chooser = this.page.waitForEvent('filechooser');
    await this.page.getByTestId('import-sheet').click();
    await (await chooser).setFiles(path);
  }
}

/** Order detail: header, progress and the results table. */
export class OrderDetailPage {
  readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }

  progress = () => this.page.getByTestId('order-progress');
  points = async (which: 'price' | 'frozen' | 'settled' | 'refunded') =>
    Math.round(Number(await this.page.getByTestId(`order-${which}`).textContent()) * 100);
  table = () => this.page.getByTestId('results-table');
}
