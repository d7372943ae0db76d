import { api } from '../../lib/api.ts';

export interface PersonalInfo {
  full_name: string;
  avatar: string | null;
  email?: string;
}

export const profileApi = {
  get: () => api<PersonalInfo>('auth/personal-info'),
  save: (name: string, avatar: File | null) => {
    const form = new FormData();
    if (avatar) form.append('avatar_img', avatar);
    form.append('json_data', JSON.stringify({ name }));
    return api<Partial<PersonalInfo>>('auth/personal-info', { form });
  },
  changePassword: (body: {
    current_password: string;
    new_password: string;
    confirm_password: string;
  }) => api('auth/change-password', { json: body }),
  deleteAccount: () => api('auth/delete-account', { method: 'POST' }),
  getNotifications: () => api<{ email_notifications: boolean }>('user/notification-settings'),
  setNotifications: (emailNotifications: boolean) =>
    api<{ email_notifications: boolean }>('user/notification-settings', {
      json: { email_notifications: emailNotifications },
    }),
};
