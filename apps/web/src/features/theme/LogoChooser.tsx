import { ImageIcon, X } from 'lucide-react';
import { useRef } from 'react';
import { toast } from 'react-toastify';
import './logo-chooser.css';

export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** 'Header Logo': '+ Choose File' (images only), the chosen name, and a thumbnail. */
export function LogoChooser({
  fileName,
  previewUrl,
  onChoose,
  onRemove,
}: {
  fileName: string | null;
  previewUrl: string | null;
  onChoose: (file: File) => void;
  onRemove: (() => void) | null;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="logo-chooser">
      <span className="field__label" id="header-logo-label">
        Header Logo
      </span>
      <div className="logo-chooser__row">
        <span className="logo-chooser__thumb" aria-hidden="true">
          {previewUrl ? <img src={previewUrl} alt="" /> : <ImageIcon size={20} />}
        </span>
        <div className="logo-chooser__body">
          <div className="logo-chooser__actions">
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              onClick={() => input.current?.click()}
              aria-describedby="header-logo-name"
            >
              + Choose File
            </button>
            {onRemove && (
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                onClick={onRemove}
                aria-label="Remove header logo"
              >
                <X size={15} aria-hidden="true" /> Remove
              </button>
            )}
          </div>
          <span className="logo-chooser__name" id="header-logo-name" data-testid="logo-file-name">
            {fileName ?? 'No file chosen'}
          </span>
        </div>
      </div>
      <p className="field__hint">PNG, JPEG or WebP, up to 5 MB. Shown in the chat header.</p>
      <input
        ref={input}
        type="file"
        accept={LOGO_TYPES.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-labelledby="header-logo-label"
        data-testid="logo-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          if (!LOGO_TYPES.includes(file.type)) {
            toast.error('Please choose a PNG, JPEG or WebP image');
            return;
          }
          onChoose(file);
        }}
      />
    </div>
  );
}
