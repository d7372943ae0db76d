import { type Browser, launchBrowser } from './browser.ts';

/**
 * A 390 px phone browser signed in as the user of `from`: its cookies and the app's
 * localStorage are copied over (the storage is written on /login, the app's own origin).
 */
export async function openPhoneAs(from: Browser, baseURL: string): Promise<Browser> {
  const phone = await launchBrowser({ baseURL, viewport: { width: 390, height: 844 } });
  try {
    await phone.context.addCookies(await from.context.cookies());
    const storage = await from.page.evaluate(() => JSON.stringify({ ...localStorage }));
    await phone.page.goto('/login');
    await phone.page.evaluate((s) => {
      for (const [k, v] of Object.entries(JSON.parse(s) as Record<string, string>)) {
        localStorage.setItem(k, v);
      }
    }, storage);
    return phone;
  } catch (err) {
    await phone.close();
    throw err;
  }
}
