import { PRODUCT_NAME } from '@docent/shared';
import type { MailMessage } from '../../lib/mail.ts';

/**
 * The account e-mails. Plain text only: the links are the whole point, and text cannot carry
 * markup injected through user-supplied fields.
 */

export function invitationMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: `Complete your ${PRODUCT_NAME} registration`,
    text: [
      'Hello,',
      '',
      `Thanks for signing up for ${PRODUCT_NAME}. Open this link to choose your password and finish creating your account:`,
      '',
      link,
      '',
      'The link works once and expires in 7 days. If you did not ask for it, ignore this e-mail.',
    ].join('\n'),
  };
}

/** Sent instead of an invitation when the address already has an account. */
export function alreadyRegisteredMail(
  to: string,
  loginLink: string,
  forgotLink: string,
): MailMessage {
  return {
    to,
    subject: `Your ${PRODUCT_NAME} account`,
    text: [
      'Hello,',
      '',
      `Someone (hopefully you) tried to sign up for ${PRODUCT_NAME} with this address, but it already has an account.`,
      '',
      `Log in: ${loginLink}`,
      `Forgot your password? ${forgotLink}`,
      '',
      'If this was not you, you can ignore this e-mail.',
    ].join('\n'),
  };
}

/**
 * Sent when someone signs up with a password for an address that already has an account: the
 * reply to them is the usual "Registration successful", so only the owner learns of it.
 */
export function signupAttemptMail(to: string, resetLink: string): MailMessage {
  return {
    to,
    subject: `Someone tried to register with your ${PRODUCT_NAME} address`,
    text: [
      'Hello,',
      '',
      `Someone (hopefully you) just tried to create a ${PRODUCT_NAME} account with this address, but it already has one, so no new account was created.`,
      '',
      'If it was you and you have forgotten your password, choose a new one here:',
      '',
      resetLink,
      '',
      'The link works once and expires in 60 minutes. If it was not you, ignore this e-mail; your account and password stay as they are.',
    ].join('\n'),
  };
}

export function resetMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: [
      'Hello,',
      '',
      'Open this link to choose a new password:',
      '',
      link,
      '',
      'The link works once and expires in 60 minutes. If you did not ask for it, ignore this e-mail; your password stays as it is.',
    ].join('\n'),
  };
}

export interface ContactFields {
  name: string;
  contact_number: string;
  email_address: string;
  location: string;
  company_name: string;
  message: string;
}

export function contactMail(to: string, f: ContactFields): MailMessage {
  return {
    to,
    replyTo: f.email_address,
    subject: `${PRODUCT_NAME} contact request`,
    text: [
      `Name: ${f.name}`,
      `Phone: ${f.contact_number}`,
      `Email: ${f.email_address}`,
      `Location: ${f.location}`,
      `Company: ${f.company_name}`,
      '',
      f.message,
    ].join('\n'),
  };
}
