import { chromium } from 'playwright-core';

// A secure context (the loopback), as the clipboard asks; the pages are answered from memory, nothing listens there.
const ORIGIN = 'http://127.0.0.1:9';

/**
 * What a person gets who opens each page in Chromium (Debian's, as the
 * browser journeys use), selects all and copies: the clipboard's text, as
 * the browser lays out what it shows (tables cell by cell, hidden rows left
 * out, a cell's paragraphs on lines of their own). The pages are served from
 * memory with their bytes and charset; nothing leaves the machine.
 */
export async function copiedFromBrowser(pages: { body: Buffer | string; charset?: string }[]): Promise<string[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const context = await browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ORIGIN });
    const tab = await context.newPage();
    const copied: string[] = [];
    for (const [index, page] of pages.entries()) {
      await tab.route(`${ORIGIN}/${index}.htm`, (route) => route.fulfill({ status: 200, contentType: `text/html; charset=${page.charset ?? 'utf-8'}`, body: page.body }));
      await tab.goto(`${ORIGIN}/${index}.htm`);
      await tab.keyboard.press('Control+A');
      await tab.keyboard.press('Control+C');
      // Runs in the page, where the browser's clipboard is.
      copied.push(await tab.evaluate('navigator.clipboard.readText()'));
    }
    return copied;
  } finally {
    await browser.close();
  }
}
