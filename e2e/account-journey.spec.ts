import { MESSAGES } from '@docent/shared';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { type Browser, launchBrowser } from './helpers/browser.ts';
import { solidPng } from './helpers/png.ts';
import { type RunningServer, startServer } from './helpers/server.ts';
import { clearToasts, expectPath, expectToast, expectVisible, screenshot } from './helpers/ui.ts';

/**
 * Acceptance 1 of issue 2: the whole account life cycle in a real browser against the real
 * server, following the links the server writes to its log (no SMTP configured).
 */
describe('account journey', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser({ baseURL: server.url });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('registers, edits the profile, changes and resets the password, and deletes the account', async () => {
    const { page } = browser;
    onTestFailed(async () => {
      await screenshot(page, 'journey-failure').catch(() => {});
    });
    const email = `jane.${Date.now()}@example.com`;
    const firstPassword = 'Correct-Horse-42';
    const changedPassword = 'Battery-Staple-77';
    const resetPassword = 'Purple-Monkey-Dishwasher-9';

    // Landing page: invalid e-mail first, then the real one.
    await page.goto('/');
    expect(await page.title()).toBe('Docent');
    await page.getByRole('button', { name: 'Get Started' }).first().click();
    const heroEmail = page.locator('#hero-email');
    expect(await heroEmail.evaluate((el) => el === document.activeElement)).toBe(true);
    await heroEmail.fill('not-an-email');
    await page.getByRole('button', { name: 'Sign up free' }).click();
    await expectVisible(page.getByText(MESSAGES.heroValidEmail));
    const beforeInvite = server.mark();
    await heroEmail.fill(email);
    await page.getByRole('button', { name: 'Sign up free' }).click();
    await page.locator('.Toastify__toast').first().waitFor();

    // The invitation link from the log opens /signup?user_id=<token> with the e-mail filled in.
    const signupLink = await server.mailLink('/signup', { since: beforeInvite });
    expect(new URL(signupLink).searchParams.get('user_id')).toBeTruthy();
    await page.goto(signupLink);
    const emailField = page.getByLabel('Email', { exact: true });
    await page.waitForFunction(
      (expected) =>
        (document.querySelector('input[name="email"]') as HTMLInputElement)?.value === expected,
      email,
    );
    expect(await emailField.inputValue()).toBe(email);
    await page.getByRole('button', { name: 'Register' }).click();
    await expectVisible(page.getByText(MESSAGES.fillAllFields));
    await page.getByLabel('Full Name').fill('Jane Cooper');
    await page.getByLabel('Password', { exact: true }).fill(firstPassword);
    await page.getByLabel('Confirm Password', { exact: true }).fill(`${firstPassword}x`);
    await page.getByRole('button', { name: 'Register' }).click();
    await expectVisible(page.getByText(MESSAGES.passwordsDoNotMatch));
    await page.getByLabel('Confirm Password', { exact: true }).fill(firstPassword);
    await page.getByRole('button', { name: 'Register' }).click();
    await expectToast(page, MESSAGES.registrationSuccessful);
    await expectPath(page, '/login');

    // Log in: a new account has no bots, so the dashboard opens.
    await login(page, email, firstPassword);
    await expectPath(page, '/dashboard');
    await expectVisible(page.getByRole('heading', { name: 'Select a Data Source' }));

    // Edit the profile: name and avatar, with an instant preview before saving.
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Your Profile' }).click();
    await expectPath(page, '/user-profile');
    const nameField = page.getByLabel('Full Name');
    await page.waitForFunction(
      () =>
        (document.querySelector('input[name="full_name"]') as HTMLInputElement)?.value ===
        'Jane Cooper',
    );
    await nameField.fill('Jane Q. Cooper');
    await page.locator('input[name="avatar_img"]').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: solidPng(320, [22, 163, 74]),
    });
    const preview = page.getByAltText('Profile picture');
    await page.waitForFunction(() =>
      (document.querySelector('img[alt="Profile picture"]') as HTMLImageElement)?.src.startsWith(
        'blob:',
      ),
    );
    await clearToasts(page);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.locator('.Toastify__toast--success').first().waitFor();
    await page.reload();
    await page.waitForFunction(
      () =>
        (document.querySelector('input[name="full_name"]') as HTMLInputElement)?.value ===
        'Jane Q. Cooper',
    );
    const savedSrc = await preview.getAttribute('src');
    expect(savedSrc).toBeTruthy();
    expect(savedSrc).not.toMatch(/^blob:|^data:|default-avatar/);
    expect(await page.locator('.profile-trigger__name').textContent()).toBe('Jane Q. Cooper');

    // E-mail notifications: on by default, and the choice survives a reload.
    await page.getByRole('link', { name: 'Notification' }).click();
    await expectPath(page, '/notification');
    const emailSwitch = page.getByRole('switch', { name: 'Email Notification' });
    await page.waitForFunction(
      () => !document.querySelector('[role="switch"]')?.hasAttribute('disabled'),
    );
    expect(await emailSwitch.getAttribute('aria-checked')).toBe('true');
    await clearToasts(page);
    await emailSwitch.click();
    await page.locator('.Toastify__toast--success').first().waitFor();
    await page.reload();
    await page.waitForFunction(
      () => document.querySelector('[role="switch"]')?.getAttribute('aria-checked') === 'false',
    );
    await page.getByRole('link', { name: 'Profile' }).click();
    await expectPath(page, '/user-profile');

    // Change the password (client-side rule first).
    await clearToasts(page);
    await page.getByLabel('Current Password', { exact: true }).fill(firstPassword);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expectVisible(page.getByText(MESSAGES.fillAllFields));
    await page.getByLabel('New Password', { exact: true }).fill(changedPassword);
    await page.getByLabel('Confirm Password', { exact: true }).fill(changedPassword);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.locator('.Toastify__toast--success').first().waitFor();

    // Log out.
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expectPath(page, '/login');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await page.goto('/user-profile');
    await expectPath(page, '/login');

    // Forgot password → link from the log → reset → log in with the new password.
    await page.getByRole('link', { name: 'Forgot Password ?' }).click();
    await expectPath(page, '/forgot-password');
    await page.getByLabel('Email').fill('nope');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectVisible(page.getByText(MESSAGES.forgotValidEmail));
    const beforeReset = server.mark();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectPath(page, '/login');
    const resetLink = await server.mailLink('/reset-password', { since: beforeReset });
    await page.goto(resetLink);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectVisible(page.getByText(MESSAGES.enterPassword));
    await page.getByLabel('New Password', { exact: true }).fill(resetPassword);
    await page.getByLabel('Confirm Password', { exact: true }).fill(resetPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectPath(page, '/login');

    await clearToasts(page);
    await login(page, email, changedPassword);
    await page.locator('.Toastify__toast--error').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await login(page, email, resetPassword);
    await expectPath(page, '/dashboard');

    // Delete the account, confirming the spec's question.
    await page.goto('/user-profile');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await expectVisible(page.getByRole('dialog').getByText(MESSAGES.deleteAccountConfirm));
    // A slow CPU (CI under load) once let the cleared session reach the protected layout before
    // the navigation to / committed, which sent the user to /login: deletion runs throttled.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 30 });
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await expectPath(page, '/');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    expect(await page.evaluate(() => localStorage.length)).toBe(0);

    // The account is gone: its credentials no longer work.
    await page.goto('/login');
    await clearToasts(page);
    await login(page, email, resetPassword);
    await page.locator('.Toastify__toast--error').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    expect(browser.pageErrors).toEqual([]);
  });
});

async function login(page: Browser['page'], email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}
