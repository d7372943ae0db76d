/** The profile feature's public face. */
export { profileApi } from './profile.api.ts';
