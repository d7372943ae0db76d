import { IMAGE_UPLOAD_LIMIT, MESSAGES } from '@docent/shared';
import { FileText, ImagePlus, RefreshCw, Trash2, X } from 'lucide-react';
import { type ChangeEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { FormError } from '../../components/Field.tsx';
import { errorMessage } from '../../lib/api.ts';
import type { KnowledgeFlow } from '../knowledge/flows.ts';
import { goBackOr } from '../knowledge/go-back.ts';
import { KnowledgeFrame, RouteTabs } from '../knowledge/KnowledgeFrame.tsx';
import { textTabs } from '../knowledge/TextForm.tsx';
import { useTraining } from '../knowledge/use-training.tsx';
import { ElapsedProgress } from './ElapsedProgress.tsx';
import {
  IMAGE_ACCEPT,
  isImageFile,
  isLargeEnough,
  isPdfFile,
  type PickedImage,
  readImage,
} from './image-files.ts';
import { imagesText, pdfTranscript, trainImages, trainPdf } from './media.api.ts';
import './media.css';

interface Transcript {
  text: string;
  chars: number;
}

const fmt = (n: number) => n.toLocaleString('en-US');

function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * /pdf-upload and /datasource/pdf (spec §2, §4): one PDF, or up to 10 images read by OCR.
 * Stage 1 shows the transcript; stage 2 trains it.
 */
export function FilesUpload({ flow }: { flow: KnowledgeFlow }) {
  const navigate = useNavigate();
  const { train, busy, dialog } = useTraining();
  const [pdf, setPdf] = useState<File | null>(null);
  const [images, setImages] = useState<PickedImage[]>([]);
  const [transcript, setTranscript] = useState<Transcript | null>(null);
  const [extracting, setExtracting] = useState(false);
  const [error, setError] = useState('');
  const pdfInput = useRef<HTMLInputElement>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const replaceInput = useRef<HTMLInputElement>(null);
  const replacing = useRef<string | null>(null);
  const aborter = useRef<AbortController | null>(null);

  const locked = transcript !== null || extracting;
  const pdfDisabled = images.length > 0 || locked;
  const imagesDisabled = pdf !== null || locked;

  const onPdf = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isPdfFile(file)) return setError('Please choose a .pdf file');
    setError('');
    setPdf(file);
  };

  /** Reads, checks and thumbnails picked images; too-small ones are left out (spec §5). */
  const prepare = async (files: File[]): Promise<PickedImage[]> => {
    const picked: PickedImage[] = [];
    let tooSmall = false;
    let unreadable = false;
    for (const file of files) {
      if (!isImageFile(file)) {
        unreadable = true;
        continue;
      }
      try {
        const image = await readImage(file);
        if (isLargeEnough(image)) picked.push(image);
        else tooSmall = true;
      } catch {
        unreadable = true;
      }
    }
    if (tooSmall) setError(MESSAGES.minImageSize);
    else if (unreadable) setError('Only PNG and JPEG images can be added');
    else setError('');
    return picked;
  };

  const onImages = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    if (images.length + files.length > IMAGE_UPLOAD_LIMIT) return setError(MESSAGES.maxImages);
    const picked = await prepare(files);
    setImages((list) => [...list, ...picked].slice(0, IMAGE_UPLOAD_LIMIT));
  };

  const onReplace = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    const id = replacing.current;
    replacing.current = null;
    if (!file || !id) return;
    const [image] = await prepare([file]);
    if (image) setImages((list) => list.map((old) => (old.id === id ? image : old)));
  };

  const onGetTranscript = async () => {
    if (!pdf && images.length === 0) return setError(MESSAGES.selectFile);
    setError('');
    setExtracting(true);
    const controller = new AbortController();
    aborter.current = controller;
    try {
      if (pdf) {
        const reply = await pdfTranscript(pdf, controller.signal);
        const r = reply.response;
        if (reply.hasError || !r) return setError(reply.message || 'The PDF could not be read.');
        setTranscript({ text: r.transcript, chars: r.num_characters ?? r.transcript.length });
      } else {
        const reply = await imagesText(
          images.map((i) => i.file),
          controller.signal,
        );
        const r = reply.response;
        if (reply.hasError || !r) return setError(reply.message || 'The images could not be read.');
        setTranscript({ text: r.text, chars: r.char_count ?? r.text.length });
      }
    } catch (err) {
      if (!(err instanceof DOMException && err.name === 'AbortError')) {
        setError(errorMessage(err));
      }
    } finally {
      aborter.current = null;
      setExtracting(false);
    }
  };

  const onTrain = () => {
    if (!pdf && images.length === 0) return setError(MESSAGES.selectFile);
    setError('');
    const chars = transcript?.chars ?? 0;
    const files = images.map((i) => i.file);
    void train((botId) =>
      pdf ? trainPdf(pdf, chars, botId) : trainImages(files, transcript?.text ?? '', chars, botId),
    );
  };

  const onCancel = () => {
    aborter.current?.abort();
    goBackOr(navigate, flow.textForm);
  };

  return (
    <KnowledgeFrame
      flow={flow}
      title="Text & Files"
      description="Upload a PDF, or up to 10 screenshots or scans, and review the text we read."
      back={{ to: flow.textBack, label: 'Back' }}
    >
      <section className="panel kb-panel" aria-label="File upload">
        <RouteTabs label="Text or files" current={flow.files} tabs={textTabs(flow)} />

        <div className="md-pickers">
          <div className={`md-picker${pdfDisabled && !pdf ? ' md-picker--disabled' : ''}`}>
            <h2 className="md-picker__title">PDF document</h2>
            <input
              ref={pdfInput}
              type="file"
              accept="application/pdf,.pdf"
              hidden
              disabled={pdfDisabled}
              onChange={onPdf}
              data-testid="pdf-input"
            />
            {pdf ? (
              <div className="md-file">
                <span className="md-file__icon" aria-hidden="true">
                  <FileText size={20} />
                </span>
                <div className="md-file__text">
                  <p className="md-file__name">{pdf.name}</p>
                  <p className="md-file__meta">{fileSize(pdf.size)}</p>
                </div>
                {!locked && (
                  <button
                    type="button"
                    className="icon-button icon-button--danger"
                    aria-label={`Remove ${pdf.name}`}
                    title="Remove"
                    onClick={() => setPdf(null)}
                  >
                    <X size={17} />
                  </button>
                )}
              </div>
            ) : (
              <button
                type="button"
                className="md-drop"
                disabled={pdfDisabled}
                onClick={() => pdfInput.current?.click()}
              >
                <FileText size={26} aria-hidden="true" />
                <span className="md-drop__title">Choose a PDF</span>
                <span className="md-drop__hint">One .pdf file, up to 25 MB</span>
              </button>
            )}
          </div>

          <div className="md-or" aria-hidden="true">
            <span>OR</span>
          </div>

          <div
            className={`md-picker${imagesDisabled && images.length === 0 ? ' md-picker--disabled' : ''}`}
          >
            <h2 className="md-picker__title">
              Images <span className="md-picker__count">{images.length}/10</span>
            </h2>
            <input
              ref={imageInput}
              type="file"
              accept={IMAGE_ACCEPT}
              multiple
              hidden
              disabled={imagesDisabled}
              onChange={onImages}
              data-testid="image-input"
            />
            <input
              ref={replaceInput}
              type="file"
              accept={IMAGE_ACCEPT}
              hidden
              onChange={onReplace}
              data-testid="image-replace-input"
            />
            {images.length === 0 ? (
              <button
                type="button"
                className="md-drop"
                disabled={imagesDisabled}
                onClick={() => imageInput.current?.click()}
              >
                <ImagePlus size={26} aria-hidden="true" />
                <span className="md-drop__title">Choose images</span>
                <span className="md-drop__hint">Up to 10 PNG or JPEG, at least 300×300 px</span>
              </button>
            ) : (
              <ul className="md-thumbs" aria-label="Chosen images">
                {images.map((image) => (
                  <li key={image.id} className="md-thumb">
                    <img
                      src={image.thumb}
                      width={300}
                      height={300}
                      alt={image.file.name}
                      className="md-thumb__img"
                    />
                    <span className="md-thumb__name" title={image.file.name}>
                      {image.file.name}
                    </span>
                    {!locked && (
                      <span className="md-thumb__actions">
                        <button
                          type="button"
                          className="md-thumb__button"
                          aria-label={`Replace ${image.file.name}`}
                          title="Replace"
                          onClick={() => {
                            replacing.current = image.id;
                            replaceInput.current?.click();
                          }}
                        >
                          <RefreshCw size={15} />
                        </button>
                        <button
                          type="button"
                          className="md-thumb__button md-thumb__button--danger"
                          aria-label={`Remove ${image.file.name}`}
                          title="Remove"
                          onClick={() => {
                            setError('');
                            setImages((list) => list.filter((i) => i.id !== image.id));
                          }}
                        >
                          <X size={15} />
                        </button>
                      </span>
                    )}
                  </li>
                ))}
                {!locked && images.length < IMAGE_UPLOAD_LIMIT && (
                  <li>
                    <button
                      type="button"
                      className="md-thumb md-thumb--add"
                      onClick={() => imageInput.current?.click()}
                    >
                      <ImagePlus size={22} aria-hidden="true" />
                      <span>Add image</span>
                    </button>
                  </li>
                )}
              </ul>
            )}
          </div>
        </div>

        <FormError message={error} />

        {extracting && (
          <ElapsedProgress
            label={
              pdf
                ? `Reading ${pdf.name}…`
                : `Reading text from ${images.length} image${images.length === 1 ? '' : 's'}…`
            }
            hint={pdf ? 'Long or scanned PDFs take a while' : 'Text recognition runs on each image'}
            onCancel={() => aborter.current?.abort()}
          />
        )}

        {!transcript && !extracting && (
          <div className="md-actions">
            <Button onClick={onGetTranscript}>Get Transcript</Button>
          </div>
        )}

        {transcript && (
          <div className="md-transcript">
            <div className="md-transcript__head">
              <h2 className="md-transcript__title">Generated Transcript</h2>
              <button
                type="button"
                className="icon-button icon-button--danger"
                aria-label="Delete transcript"
                title="Delete transcript"
                disabled={busy}
                onClick={() => setTranscript(null)}
              >
                <Trash2 size={17} />
              </button>
            </div>
            <div className="md-transcript__body" data-testid="transcript">
              {transcript.text || 'No text was found.'}
            </div>
          </div>
        )}

        <footer className="kb-footer">
          <p className="kb-count" data-testid="char-count">
            Characters <strong>{fmt(transcript?.chars ?? 0)}</strong>
          </p>
          <div className="kb-footer__actions">
            <Button variant="secondary" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button onClick={onTrain} loading={busy} disabled={extracting}>
              Train Contents
            </Button>
          </div>
        </footer>
      </section>
      {dialog}
    </KnowledgeFrame>
  );
}
