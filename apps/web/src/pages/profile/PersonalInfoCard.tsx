import type { PersonalInfoResponse } from '@docent/shared';
import { Camera } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { Avatar } from '../../components/Avatar.tsx';
import { Button } from '../../components/Button.tsx';
import { FormError, TextField } from '../../components/Field.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { profileApi } from '../../features/profile/index.ts';
import { errorMessage } from '../../lib/api.ts';
import { setSession, useSession } from '../../lib/session.ts';

const IMAGE_TYPES = 'image/png,image/jpeg,image/jpg';

/** Loads the profile once into the form; true while that runs. */
function useProfile(onLoaded: (info: PersonalInfoResponse) => void): boolean {
  const [loading, setLoading] = useState(true);
  const loaded = useRef(onLoaded);
  useEffect(() => {
    let cancelled = false;
    profileApi
      .get()
      .then((reply) => !cancelled && loaded.current(reply.response))
      .catch((err) => !cancelled && toast.error(errorMessage(err)))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, []);
  return loading;
}

export function PersonalInfoCard() {
  const session = useSession();
  const [name, setName] = useState(session.fullName ?? '');
  const [email, setEmail] = useState(session.email ?? '');
  const [avatarUrl, setAvatarUrl] = useState<string | null>(session.img_path ?? null);
  const [file, setFile] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');

  const loading = useProfile((info) => {
    setName(info.full_name ?? '');
    if (info.email) setEmail(info.email);
    setAvatarUrl(info.avatar || null);
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('Please enter Full Name');
    setError('');
    setSaving(true);
    try {
      const reply = await profileApi.save({ name: name.trim() }, file);
      toast.success(reply.message || 'Profile updated');
      const fresh = await profileApi.get().catch(() => null);
      const info = fresh?.response;
      const avatar = info?.avatar || reply.response.avatar || avatarUrl;
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
          <AvatarPicker avatarUrl={avatarUrl} file={file} onPick={setFile} />
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

/** The picture and "Upload photo": a chosen PNG or JPEG shows at once, before it is saved. */
function AvatarPicker({
  avatarUrl,
  file,
  onPick,
}: {
  avatarUrl: string | null;
  file: File | null;
  onPick: (file: File | null) => void;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    if (picked && !/^image\/(png|jpe?g)$/.test(picked.type)) {
      toast.error('Please choose a PNG or JPEG image');
      return;
    }
    onPick(picked);
  };
  return (
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
            onChange={onChange}
          />
        </label>
        <p className="field__hint">{file ? file.name : 'PNG or JPEG, square works best.'}</p>
      </div>
    </div>
  );
}
