import { Camera } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { setSession, useSession } from '../../app/session.ts';
import { Avatar } from '../../components/Avatar.tsx';
import { Button } from '../../components/Button.tsx';
import { FormError, TextField } from '../../components/Field.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { profileApi } from '../../features/profile/profile.api.ts';
import { errorMessage } from '../../lib/api.ts';

const IMAGE_TYPES = 'image/png,image/jpeg,image/jpg';

export function PersonalInfoCard() {
  const session = useSession();
  const [name, setName] = useState(session.fullName ?? '');
  const [email, setEmail] = useState(session.email ?? '');
  const [avatarUrl, setAvatarUrl] = useState<string | null>(session.img_path ?? null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    let cancelled = false;
    profileApi
      .get()
      .then((reply) => {
        if (cancelled) return;
        if (reply.hasError) return toast.error(reply.message);
        const info = reply.response;
        if (!info) return;
        setName(info.full_name ?? '');
        if (info.email) setEmail(info.email);
        setAvatarUrl(info.avatar || null);
      })
      .catch((err) => !cancelled && toast.error(errorMessage(err)))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, []);

  // The chosen picture shows at once, before it is saved.
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    if (picked && !/^image\/(png|jpe?g)$/.test(picked.type)) {
      toast.error('Please choose a PNG or JPEG image');
      return;
    }
    setFile(picked);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('Please enter Full Name');
    setError('');
    setSaving(true);
    try {
      const reply = await profileApi.save(name.trim(), file);
      if (reply.hasError) throw new Error(reply.message);
      toast.success(reply.message || 'Profile updated');
      const fresh = await profileApi.get().catch(() => null);
      const info = fresh?.response;
      const avatar = info?.avatar || reply.response?.avatar || avatarUrl;
      setAvatarUrl(avatar ?? null);
      setFile(null);
      setSession({ fullName: info?.full_name || name.trim(), img_path: avatar || undefined });
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card" aria-labelledby="personal-info-title">
      <div className="card__head">
        <h2 id="personal-info-title" className="card__title">
          Personal Info
        </h2>
        <p className="card__subtitle">Your name and picture appear in the dashboard header.</p>
      </div>
      {loading ? (
        <div className="card__loading">
          <Spinner size={28} label="Loading profile" />
        </div>
      ) : (
        <form className="form" onSubmit={onSubmit} noValidate>
          <div className="avatar-picker">
            <Avatar src={preview ?? avatarUrl} size={80} alt="Profile picture" />
            <div>
              <label className="btn btn--secondary btn--sm avatar-picker__button">
                <Camera size={16} aria-hidden="true" /> Upload photo
                <input
                  type="file"
                  accept={IMAGE_TYPES}
                  className="sr-only"
                  name="avatar_img"
                  onChange={onPick}
                />
              </label>
              <p className="field__hint">{file ? file.name : 'PNG or JPEG, square works best.'}</p>
            </div>
          </div>
          <div className="form__grid-2">
            <TextField
              label="Full Name"
              name="full_name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              autoComplete="name"
            />
            <TextField label="Email" name="email" value={email} readOnly disabled />
          </div>
          <FormError message={error} />
          <div className="form__actions">
            <Button type="submit" loading={saving}>
              Save Changes
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
