import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * WCAG 2.2 AA checks with axe-core, for any spec: `expectAccessible(page, 'store')` runs axe on
 * what the page shows now (game frames included) and fails with each violation's rule, the
 * elements it found and why. `expectAccessibleAtBothWidths` does it at a phone's and a desktop's
 * width (390 and 1440 px), the widths the specs and the design are checked at.
 */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export const WIDTHS = [
  ['phone', 390, 844],
  ['desktop', 1440, 900],
] as const;

export interface AxeOptions {
  /** Only this part of the page (a CSS selector): an open dialog, whose page was checked before. */
  include?: string;
}

/** Lets finite animations and transitions end, so axe reads the colours the player is left with. */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
  );
}

/** The violations of what the page shows now, one readable line per element. */
export async function axeViolations(page: Page, { include }: AxeOptions = {}): Promise<string[]> {
  await settle(page);
  // Legacy mode runs axe in the page and its frames and merges the results there; the default
  // opens a blank page for every run to merge them in, which makes each check several times slower.
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help} at ${JSON.stringify(node.target)}\n    ${node.failureSummary?.replaceAll('\n', '\n    ') ?? ''}`,
    ),
  );
}

/** Fails the test (softly, so one run lists every page's violations) when axe finds any. */
export async function expectAccessible(page: Page, label: string, options: AxeOptions = {}): Promise<void> {
  const violations = await axeViolations(page, options);
  expect.soft(violations, `${label}: WCAG 2.2 AA violations`).toEqual([]);
}

/**
 * Checks at 390 px, then at 1440 px, and leaves the page at the width it had. A page whose content
 * depends on the width (the sidebar slides away below the desktop width) is read after each change.
 */
export async function expectAccessibleAtBothWidths(page: Page, label: string, options: AxeOptions = {}): Promise<void> {
  const before = page.viewportSize();
  for (const [name, width, height] of WIDTHS) {
    await page.setViewportSize({ width, height });
    await test.step(`axe: ${label} at ${name} width`, () => expectAccessible(page, `${label} (${width} px)`, options));
  }
  if (before) await page.setViewportSize(before);
}
