export const PRODUCT_NAME = 'Docent';
export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_COOKIE = 'csrf_access_token';
export const ACCESS_COOKIE = 'access_token_cookie';
export const REFRESH_COOKIE = 'refresh_token_cookie';
export const REALTIME_PATH = '/api/ai_chat_tool/connection';
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** The spec's email shape: something@something.tld without spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
