import type {
  ChangePasswordBody,
  NotificationSettings,
  PersonalInfoJson,
  PersonalInfoResponse,
} from '@docent/shared';
import { api } from '../../lib/api.ts';

export const profileApi = {
  get: () => api<PersonalInfoResponse>('auth/personal-info'),
  save: (json: PersonalInfoJson, avatar: File | null) => {
    const form = new FormData();
    if (avatar) form.append('avatar_img', avatar);
    form.append('json_data', JSON.stringify(json));
    return api<PersonalInfoResponse>('auth/personal-info', { form });
  },
  changePassword: (body: ChangePasswordBody) => api('auth/change-password', { json: body }),
  deleteAccount: () => api('auth/delete-account', { method: 'POST' }),
  getNotifications: () => api<NotificationSettings>('user/notification-settings'),
  setNotifications: (body: NotificationSettings) =>
    api<NotificationSettings>('user/notification-settings', { json: body }),
};
