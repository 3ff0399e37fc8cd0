import { expect, type Page } from '@playwright/test';

/** The first link of the newest mail to `to`, read from the development mailbox API (the e2e server is not production). */
export async function mailLink(page: Page, to: string, subjectPattern?: RegExp): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/dev/mailbox.php?to=${encodeURIComponent(to)}`);
      const { mails } = (await res.json()) as { mails: { subject: string; text: string }[] };
      const mail = mails.find((m) => !subjectPattern || subjectPattern.test(m.subject));
      link = mail?.text.match(/https?:\/\/\S+/)?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.org`;
}
