import { IMAGE_UPLOAD_LIMIT } from '@docent/shared';
import { ImagePlus, RefreshCw, X } from 'lucide-react';
import { type ChangeEvent, useRef } from 'react';
import { IMAGE_ACCEPT, type PickedImage } from './image-files.ts';

interface Props {
  images: PickedImage[];
  disabled: boolean;
  /** A transcript exists or is being read: the images can no longer change. */
  locked: boolean;
  onAdd: (files: File[]) => void;
  onReplace: (id: string, file: File) => void;
  onRemove: (id: string) => void;
}

/** The images half of the upload screen: up to 10 thumbnails, each replaceable or removable. */
export function ImagePicker({ images, disabled, locked, onAdd, onReplace, onRemove }: Props) {
  const addInput = useRef<HTMLInputElement>(null);
  const replaceInput = useRef<HTMLInputElement>(null);
  const replacing = useRef<string | null>(null);
  const onAddChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length > 0) onAdd(files);
  };
  const onReplaceChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    const id = replacing.current;
    replacing.current = null;
    if (file && id) onReplace(id, file);
  };
  const chooseReplacement = (id: string) => {
    replacing.current = id;
    replaceInput.current?.click();
  };
  const pick = () => addInput.current?.click();
  return (
    <div className={`md-picker${disabled && images.length === 0 ? ' md-picker--disabled' : ''}`}>
      <h2 className="md-picker__title">
        Images <span className="md-picker__count">{images.length}/10</span>
      </h2>
      <input
        ref={addInput}
        type="file"
        accept={IMAGE_ACCEPT}
        multiple
        hidden
        disabled={disabled}
        onChange={onAddChange}
        data-testid="image-input"
      />
      <input
        ref={replaceInput}
        type="file"
        accept={IMAGE_ACCEPT}
        hidden
        onChange={onReplaceChange}
        data-testid="image-replace-input"
      />
      {images.length === 0 ? (
        <button type="button" className="md-drop" disabled={disabled} onClick={pick}>
          <ImagePlus size={26} aria-hidden="true" />
          <span className="md-drop__title">Choose images</span>
          <span className="md-drop__hint">Up to 10 PNG or JPEG, at least 300×300 px</span>
        </button>
      ) : (
        <ul className="md-thumbs" aria-label="Chosen images">
          {images.map((image) => (
            <ImageThumb
              key={image.id}
              image={image}
              locked={locked}
              onReplace={() => chooseReplacement(image.id)}
              onRemove={() => onRemove(image.id)}
            />
          ))}
          {!locked && images.length < IMAGE_UPLOAD_LIMIT && (
            <li>
              <button type="button" className="md-thumb md-thumb--add" onClick={pick}>
                <ImagePlus size={22} aria-hidden="true" />
                <span>Add image</span>
              </button>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}

function ImageThumb({
  image,
  locked,
  onReplace,
  onRemove,
}: {
  image: PickedImage;
  locked: boolean;
  onReplace: () => void;
  onRemove: () => void;
}) {
  const name = image.file.name;
  return (
    <li className="md-thumb">
      <img src={image.thumb} width={300} height={300} alt={name} className="md-thumb__img" />
      <span className="md-thumb__name" title={name}>
        {name}
      </span>
      {!locked && (
        <span className="md-thumb__actions">
          <button
            type="button"
            className="md-thumb__button"
            aria-label={`Replace ${name}`}
            title="Replace"
            onClick={onReplace}
          >
            <RefreshCw size={15} />
          </button>
          <button
            type="button"
            className="md-thumb__button md-thumb__button--danger"
            aria-label={`Remove ${name}`}
            title="Remove"
            onClick={onRemove}
          >
            <X size={15} />
          </button>
        </span>
      )}
    </li>
  );
}
