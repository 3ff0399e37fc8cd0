import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** Pages start with the entry warning dismissed unless a test asks for a fresh visitor. */
export const test = base.extend<{ freshVisitor: boolean }>({
  freshVisitor: [false, { option: true }],
  page: async ({ page, freshVisitor }, use) => {
    if (!freshVisitor) {
      await page.addInitScript(() => {
        if (!localStorage.getItem('dismissed.entry_warning'))
          localStorage.setItem('dismissed.entry_warning', String(Date.now()));
      });
    }
    await use(page);
  },
});

export { expect };

/**
 * Fails on serious or critical accessibility violations of the page as it is now; with `within` (a selector) only of
 * that part, e.g. an open dialog: the page behind its backdrop is obscured on purpose, and its greyed text is no
 * contrast failure.
 */
export async function expectAccessible(page: Page, within?: string): Promise<void> {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const results = await (within ? builder.include(within) : builder).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')})`,
    ),
  ).toEqual([]);
}

export async function chooseLanguage(page: Page, locale: string): Promise<void> {
  await page.getByTestId('language-toggle').click();
  await page.getByTestId(`language-${locale}`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}
