import { expect, type Page } from '@playwright/test';

/** Must match scripts/e2e-server.ts (the test puzzle answer). */
export const PUZZLE_X = 150;

export class LoginPage {
  readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }

  username = () => this.page.locator('input[name=username]');
  password = () => this.page.locator('input[name=password]');
  submit = () => this.page.locator('form button[type=submit]');
  handle = () => this.page.getByTestId('slider-handle');

  async fill(username: string, password: string) {
    await this.username().fill(username);
    await this.password().fill(password);
    await this.submit().click();
  }

  /** Drags the slider handle with the mouse, as a person does, until the piece sits at x. */
  async dragSliderTo(x = PUZZLE_X) {
    const handle = this.handle();
    await expect(handle).toBeVisible();
    // The puzzle opens in a modal that animates in: on a busy machine (a service worker installing) a
    // box read mid-animation puts the mouse beside the handle. Wait until it stops moving.
    let box = (await handle.boundingBox())!;
    await expect
      .poll(async () => {
        const previous = box;
        await this.page.waitForTimeout(100);
        box = (await handle.boundingBox())!;
        return box.x === previous.x && box.y === previous.y && box.width === previous.width;
      })
      .toBe(true);
    const maxX = Number(await handle.getAttribute('aria-valuemax'));
    const track = (await this.page.getByTestId('slider-puzzle').boundingBox())!.width - box.width;
    const dx = (x * track) / maxX;
    const y = box.y + box.height / 2;
    await this.page.mouse.move(box.x + box.width / 2, y);
    await this.page.mouse.down();
    for (let i = 1; i <= 12; i++) await this.page.mouse.move(box.x + box.width / 2 + (dx * i) / 12, y);
    await expect(handle).toHaveAttribute('aria-valuenow', String(x));
    await this.page.mouse.up();
  }

  async signIn(username = 'admin', password = 'repair2026') {
    await this.fill(username, password);
    await this.dragSliderTo();
  }
}
