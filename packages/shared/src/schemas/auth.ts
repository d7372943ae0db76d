import { z } from 'zod';
import { EMAIL_PATTERN, PASSWORD_MAX, PASSWORD_MIN } from '../core/constants.ts';
import { MESSAGES } from '../core/messages.ts';

/**
 * Request bodies of the account calls (docs/spec.md §7) and the rules behind them (docs/spec.md §5, docs/security.md §5).
 * Each rule list is a plain function returning the first failing message, so the order of the
 * spec's messages is explicit and the web forms can run exactly the same checks.
 */

/** Messages of our own where the spec fixes none. */
export const AUTH_MESSAGES = {
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters`,
  passwordTooCommon: 'This password is too common. Please choose a less guessable one.',
  emailTooLong: 'Email address is too long',
  nameTooLong: 'Full Name must be at most 100 characters',
  phoneDigitsOnly: 'Phone number must contain digits only',
  phoneTooLong: 'Phone number must be at most 20 digits',
  contactFieldTooLong: 'Please shorten your message',
  invalidCredentials: 'Invalid email or password',
  loginSuccessful: 'Login successful',
  logoutSuccessful: 'Logged out successfully',
  tokenRefreshed: 'Token refreshed',
  invitationSent: 'Please check your email to complete your registration.',
  emailTaken: 'An account with this email already exists. Please log in.',
  signupLinkInvalid: 'This sign-up link is invalid or has expired. Please register again.',
  signupEmailMismatch: 'This email does not match the sign-up link.',
  resetLinkSent: 'If an account exists for this email, a password reset link has been sent.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  passwordReset: 'Your password has been reset. Please log in with your new password.',
  currentPasswordWrong: 'Current password is incorrect',
  passwordChanged: 'Password changed successfully',
  profileLoaded: 'Profile details fetched successfully',
  profileUpdated: 'Profile updated successfully',
  avatarTooLarge: 'Profile picture must be 2 MB or smaller',
  avatarType: 'Profile picture must be a PNG, JPEG or WebP image',
  accountDeleted: 'Your account has been deleted',
  contactReceived: 'Thank you for contacting us. We will get back to you soon.',
  notificationsLoaded: 'Notification settings fetched successfully',
  notificationsSaved: 'Notification settings saved',
  tooManyRequests: 'Too many requests. Please wait a minute and try again.',
  loginSlowedDown:
    'Too many failed sign-in attempts for this email. Please wait a few minutes and try again.',
} as const;

export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/**
 * The most common passwords of public breach lists that satisfy the length rule; refusing them
 * stops the first guesses of every credential-stuffing run.
 */
const COMMON_PASSWORDS = new Set(
  `12345678 123456789 1234567890 12345678910 123123123 987654321 11111111 00000000 88888888
  password password1 password12 password123 password! passw0rd p@ssw0rd p@ssword qwerty123
  qwertyuiop qwerty12 qwerty1234 1q2w3e4r 1q2w3e4r5t 1qaz2wsx zaq12wsx abcd1234 abc12345
  abcdefgh iloveyou iloveyou1 sunshine princess football baseball superman batman123 welcome1
  welcome123 letmein1 trustno1 whatever dragon123 monkey123 starwars 123qweasd q1w2e3r4
  q1w2e3r4t5 asdfghjkl asdfasdf zxcvbnm1 11223344 12341234 12344321 87654321 55555555 66666666
  77777777 99999999 22222222 admin123 administrator changeme changeme123 computer internet
  michelle jennifer charlie1 master12 football1 basketball liverpool chelsea1 arsenal1
  pokemon123 samsung1 mustang1 shadow12 jordan23 secret123 test1234 testtest 1234qwer
  qwer1234 aa123456 a1234567 a12345678 password2 password01 passwort motdepasse contraseña`
    .split(/\s+/)
    .filter(Boolean),
);

/** Length and common-password rules for every password a user chooses. */
export function passwordPolicyProblem(password: string): string | undefined {
  if (password.length < PASSWORD_MIN) return AUTH_MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX) return AUTH_MESSAGES.passwordTooLong;
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return AUTH_MESSAGES.passwordTooCommon;
  return undefined;
}

export const isEmail = (email: string) => email.length <= EMAIL_MAX && EMAIL_PATTERN.test(email);

/** Text that may be absent; trimmed, absent becomes ''. */
const text = z
  .string()
  .optional()
  .transform((v) => (v ?? '').trim());
/** Passwords are never trimmed: spaces are characters too. */
const secret = z
  .string()
  .optional()
  .transform((v) => v ?? '');

/** Attaches a rule list to a schema so fastify and the web forms report its first message. */
function rules<T extends z.ZodType>(schema: T, first: (value: z.output<T>) => string | undefined) {
  return schema.superRefine((value, ctx) => {
    const message = first(value as z.output<T>);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
}

// ---- sign-up ---------------------------------------------------------------------------------

export interface SignupFields {
  email: string;
  fullname: string;
  password: string;
  /** Absent on the spec's complete-registration body; checked when present. */
  confirmPassword?: string | undefined;
}

/** docs/spec.md §5 sign-up rules, then the password policy. */
export function signupProblem(b: SignupFields): string | undefined {
  const confirmMissing = b.confirmPassword !== undefined && b.confirmPassword === '';
  if (b.email === '' || b.password === '' || confirmMissing) return MESSAGES.fillAllFields;
  if (!isEmail(b.email)) return MESSAGES.validEmail;
  if (b.fullname === '') return MESSAGES.enterFullName;
  if (b.fullname.length > NAME_MAX) return AUTH_MESSAGES.nameTooLong;
  if (b.confirmPassword !== undefined && b.password !== b.confirmPassword) {
    return MESSAGES.passwordsDoNotMatch;
  }
  return passwordPolicyProblem(b.password);
}

/** Hero box: only the e-mail. */
/**
 * auth/register serves both the hero box ({email}) and the sign-up screen (with fullname and
 * passwords); any sign-up field present selects the sign-up rules.
 */
export const registerBody = z
  .object({
    email: text,
    fullname: z.string().optional(),
    password: z.string().optional(),
    confirmPassword: z.string().optional(),
  })
  .superRefine((b, ctx) => {
    const message = isSignupVariant(b)
      ? signupProblem({
          email: b.email,
          fullname: (b.fullname ?? '').trim(),
          password: b.password ?? '',
          // The docs/spec.md §3 sign-up payload has no confirmation; it is checked when sent.
          confirmPassword: b.confirmPassword,
        })
      : isEmail(b.email)
        ? undefined
        : MESSAGES.heroValidEmail;
    if (message) ctx.addIssue({ code: 'custom', message });
  });
export type RegisterBody = z.input<typeof registerBody>;

export function isSignupVariant(b: {
  fullname?: string | undefined;
  password?: string | undefined;
  confirmPassword?: string | undefined;
}): boolean {
  return b.fullname !== undefined || b.password !== undefined || b.confirmPassword !== undefined;
}

export const fetchEmailBody = z.object({
  user_id: z.string({ error: AUTH_MESSAGES.signupLinkInvalid }).trim().min(1, {
    error: AUTH_MESSAGES.signupLinkInvalid,
  }),
});
export type FetchEmailBody = z.input<typeof fetchEmailBody>;
export interface FetchEmailResponse {
  email: string;
}

export const completeRegistrationBody = rules(
  z.object({
    email: text,
    fullname: text,
    password: secret,
    confirmPassword: z.string().optional(),
    user_id: z
      .string()
      .optional()
      .transform((v) => (v?.trim() ? v.trim() : undefined)),
  }),
  signupProblem,
);
export type CompleteRegistrationBody = z.input<typeof completeRegistrationBody>;

// ---- session ---------------------------------------------------------------------------------

export const loginBody = rules(z.object({ email: text, password: secret }), (b) => {
  if (b.email === '' || b.password === '') return MESSAGES.fillAllFields;
  if (!isEmail(b.email)) return MESSAGES.validEmail;
  return undefined;
});
export type LoginBody = z.input<typeof loginBody>;

export interface LoginResponse {
  user: string;
  userId: string;
  fullname: string;
  botCount: number;
}

// ---- password recovery and change ------------------------------------------------------------

export const validateEmailBody = rules(z.object({ email: text }), (b) =>
  isEmail(b.email) ? undefined : MESSAGES.forgotValidEmail,
);
export type ValidateEmailBody = z.input<typeof validateEmailBody>;

export const resetPasswordBody = rules(
  z.object({ user_id: text, password: secret, confirm_password: z.string().optional() }),
  (b) => {
    if (b.password === '') return MESSAGES.enterPassword;
    if (b.confirm_password !== undefined && b.confirm_password !== b.password) {
      return MESSAGES.passwordsDoNotMatch;
    }
    return passwordPolicyProblem(b.password);
  },
);
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

/** The spec's body is current_password and new_password; confirm_password is checked when sent. */
export const changePasswordBody = rules(
  z.object({
    current_password: secret,
    new_password: secret,
    confirm_password: z.string().optional(),
  }),
  (b) => {
    if (b.current_password === '' || b.new_password === '' || b.confirm_password === '') {
      return MESSAGES.fillAllFields;
    }
    if (b.confirm_password !== undefined && b.new_password !== b.confirm_password) {
      return MESSAGES.passwordsDoNotMatch;
    }
    return passwordPolicyProblem(b.new_password);
  },
);
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

// ---- profile ---------------------------------------------------------------------------------

/** The `json_data` field of the personal-info form. */
export const personalInfoJson = rules(z.object({ name: text }), (b) => {
  if (b.name === '') return MESSAGES.enterFullName;
  if (b.name.length > NAME_MAX) return AUTH_MESSAGES.nameTooLong;
  return undefined;
});
export type PersonalInfoJson = z.input<typeof personalInfoJson>;

export interface PersonalInfoResponse {
  full_name: string;
  /** Same-origin URL of the avatar, or null for the default picture. */
  avatar: string | null;
  email: string;
}

export const notificationSettingsBody = z.object({
  email_notifications: z.boolean({ error: 'email_notifications must be true or false' }),
});
export type NotificationSettings = z.infer<typeof notificationSettingsBody>;

// ---- contact popup ---------------------------------------------------------------------------

const CONTACT_FIELD_MAX = 200;
const CONTACT_MESSAGE_MAX = 5000;

export const contactFormBody = rules(
  z.object({
    name: text,
    contact_number: text,
    email_address: text,
    location: text,
    company_name: text,
    message: text,
  }),
  (b) => {
    if (b.name === '') return MESSAGES.contactName;
    if (b.contact_number === '') return MESSAGES.contactPhone;
    if (!/^\d+$/.test(b.contact_number)) return AUTH_MESSAGES.phoneDigitsOnly;
    if (b.contact_number.length > 20) return AUTH_MESSAGES.phoneTooLong;
    if (b.email_address === '') return MESSAGES.contactEmail;
    if (!isEmail(b.email_address)) return MESSAGES.contactValidEmail;
    const long = [b.name, b.location, b.company_name].some((v) => v.length > CONTACT_FIELD_MAX);
    if (long || b.message.length > CONTACT_MESSAGE_MAX) return AUTH_MESSAGES.contactFieldTooLong;
    return undefined;
  },
);
export type ContactFormBody = z.input<typeof contactFormBody>;
