import { test, type Page } from '@playwright/test';

/**
 * Screenshots at a phone's and a desktop's width (390 and 1440 px), attached to the test's report:
 * the sidebar slides away below the desktop width, so each waits for the layout to settle.
 */
export async function shootBothWidths(page: Page, name: string, { fullPage = false }: { fullPage?: boolean } = {}): Promise<void> {
  for (const [size, width, height] of [
    ['phone', 390, 844],
    ['desktop', 1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(500);
    const file = test.info().outputPath(`${name}-${size}.png`);
    await page.screenshot({ path: file, fullPage });
    await test.info().attach(`${name}-${size}`, { path: file, contentType: 'image/png' });
  }
}
