import type {
  CompleteRegistrationBody,
  ContactFormBody,
  FetchEmailBody,
  FetchEmailResponse,
  LoginBody,
  LoginResponse,
  RegisterBody,
  ResetPasswordBody,
  ValidateEmailBody,
} from '@docent/shared';
import { api } from '../../lib/api.ts';

const pub = { skipAuthRecovery: true } as const;

export const authApi = {
  /** The hero box sends the e-mail alone; the sign-up screen adds name and passwords. */
  register: (body: RegisterBody) => api('auth/register', { json: body, ...pub }),
  fetchEmail: (body: FetchEmailBody) =>
    api<FetchEmailResponse>('auth/fetch-email', { json: body, ...pub }),
  completeRegistration: (body: CompleteRegistrationBody) =>
    api('auth/complete-registration', { json: body, ...pub }),
  login: (body: LoginBody) => api<LoginResponse>('auth/login', { json: body, ...pub }),
  // Logout is a signed-in call: an expired access token is refreshed so the server session ends.
  logout: () => api('auth/logout', { method: 'POST' }),
  validateEmail: (body: ValidateEmailBody) => api('auth/validate-email', { json: body, ...pub }),
  resetPassword: (body: ResetPasswordBody) => api('auth/reset-password', { json: body, ...pub }),
  contact: (body: ContactFormBody) => api('auth/contact_form', { json: body, ...pub }),
};
