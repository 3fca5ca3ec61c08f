import type { Page } from '@playwright/test';

export const prefixes = ['fr', 'en', 'tn', 'ar'] as const;
export const htmlLang = { fr: 'fr', en: 'en', tn: 'ar-TN', ar: 'ar' } as const;

/** Signs the browser's session mirror in, as the header reads it. */
export async function mirrorUser(page: Page, user: object | string) {
  await page.addInitScript((value) => {
    window.localStorage.setItem('user', typeof value === 'string' ? value : JSON.stringify(value));
  }, user);
}
