import type { LoginResponse } from '@docent/shared';
import { api } from '../../lib/api.ts';

const pub = { skipAuthRecovery: true } as const;

export const authApi = {
  registerEmail: (email: string) => api('auth/register', { json: { email }, ...pub }),
  registerDirect: (body: {
    email: string;
    fullname: string;
    password: string;
    confirmPassword: string;
  }) => api('auth/register', { json: body, ...pub }),
  fetchEmail: (userId: string) =>
    api<{ email: string }>('auth/fetch-email', { json: { user_id: userId }, ...pub }),
  completeRegistration: (body: {
    email: string;
    fullname: string;
    password: string;
    user_id: string;
  }) => api('auth/complete-registration', { json: body, ...pub }),
  login: (email: string, password: string) =>
    api<LoginResponse>('auth/login', { json: { email, password }, ...pub }),
  // Logout is a signed-in call: an expired access token is refreshed so the server session ends.
  logout: () => api('auth/logout', { method: 'POST' }),
  validateEmail: (email: string) => api('auth/validate-email', { json: { email }, ...pub }),
  resetPassword: (body: { user_id: string; password: string; confirm_password: string }) =>
    api('auth/reset-password', { json: body, ...pub }),
  contact: (body: {
    name: string;
    contact_number: string;
    email_address: string;
    location: string;
    company_name: string;
    message: string;
  }) => api('auth/contact_form', { json: body, ...pub }),
};
