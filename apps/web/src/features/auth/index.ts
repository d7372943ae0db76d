/** The auth feature's public face. */
export { authApi } from './auth.api.ts';
export { useLogout } from './use-logout.ts';
