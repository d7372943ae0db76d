import defaultAvatar from '../assets/default-avatar.svg';

/** A round avatar; the default image stands in when the user has none. */
export function Avatar({
  src,
  size = 36,
  alt = '',
}: {
  src?: string | null;
  size?: number;
  alt?: string;
}) {
  return (
    <img
      className="avatar"
      src={src || defaultAvatar}
      width={size}
      height={size}
      alt={alt}
      onError={(e) => {
        if (e.currentTarget.src !== defaultAvatar) e.currentTarget.src = defaultAvatar;
      }}
    />
  );
}
