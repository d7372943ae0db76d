import { MESSAGES } from '@docent/shared';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { FormError } from '../../components/Field.tsx';
import { CharacterCount, PanelFooter } from '../../components/PanelFooter.tsx';
import { goBackOr } from '../../lib/go-back.ts';
import type { KnowledgeFlow } from '../knowledge/index.ts';
import { KnowledgeFrame, RouteTabs, textTabs, useTraining } from '../knowledge/index.ts';
import { ElapsedProgress } from './ElapsedProgress.tsx';
import { ImagePicker } from './ImagePicker.tsx';
import { isPdfFile } from './image-files.ts';
import { trainFiles } from './media.api.ts';
import { PdfPicker } from './PdfPicker.tsx';
import { useFilesTranscript } from './use-files-transcript.ts';
import { useImagePicks } from './use-image-picks.ts';
import './media.css';
import './transcript.css';

const fmt = (n: number) => n.toLocaleString('en-US');

/**
 * /pdf-upload and /datasource/pdf (docs/spec.md §2, §4): one PDF, or up to 10 images read by OCR.
 * Stage 1 shows the transcript; stage 2 trains it.
 */
export function FilesUpload({ flow }: { flow: KnowledgeFlow }) {
  const navigate = useNavigate();
  const { train, busy, dialog } = useTraining(flow.kind);
  const [pdf, setPdf] = useState<File | null>(null);
  const [error, setError] = useState('');
  const { images, handlers } = useImagePicks(setError);
  const { transcript, extracting, read, abort, clear } = useFilesTranscript(setError);
  const locked = transcript !== null || extracting;
  const nothingChosen = !pdf && images.length === 0;

  const onPdf = (file: File) => {
    if (!isPdfFile(file)) return setError('Please choose a .pdf file');
    setError('');
    setPdf(file);
  };

  const onGetTranscript = () => {
    if (nothingChosen) return setError(MESSAGES.selectFile);
    void read(pdf, images);
  };

  const onTrain = () => {
    if (nothingChosen) return setError(MESSAGES.selectFile);
    setError('');
    void train((target) => trainFiles(pdf, images, transcript, target));
  };

  const onCancel = () => {
    abort();
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
          <PdfPicker
            pdf={pdf}
            disabled={images.length > 0 || locked}
            locked={locked}
            onPick={onPdf}
            onRemove={() => setPdf(null)}
          />
          <div className="md-or" aria-hidden="true">
            <span>OR</span>
          </div>
          <ImagePicker
            images={images}
            disabled={pdf !== null || locked}
            locked={locked}
            {...handlers}
          />
        </div>
        <FormError message={error} />
        {extracting && <ReadingProgress pdf={pdf} images={images.length} onCancel={abort} />}
        {!transcript && !extracting && (
          <div className="md-actions">
            <Button onClick={onGetTranscript}>Get Transcript</Button>
          </div>
        )}
        {transcript && <GeneratedTranscript text={transcript.text} busy={busy} onDelete={clear} />}
        <PanelFooter count={<CharacterCount value={fmt(transcript?.chars ?? 0)} />}>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={onTrain} loading={busy} disabled={extracting}>
            Train Contents
          </Button>
        </PanelFooter>
      </section>
      {dialog}
    </KnowledgeFrame>
  );
}

function ReadingProgress({
  pdf,
  images,
  onCancel,
}: {
  pdf: File | null;
  images: number;
  onCancel: () => void;
}) {
  const label = pdf
    ? `Reading ${pdf.name}…`
    : `Reading text from ${images} image${images === 1 ? '' : 's'}…`;
  const hint = pdf ? 'Long or scanned PDFs take a while' : 'Text recognition runs on each image';
  return <ElapsedProgress label={label} hint={hint} onCancel={onCancel} />;
}

function GeneratedTranscript({
  text,
  busy,
  onDelete,
}: {
  text: string;
  busy: boolean;
  onDelete: () => void;
}) {
  return (
    <div className="md-transcript">
      <div className="md-transcript__head">
        <h2 className="md-transcript__title">Generated Transcript</h2>
        <button
          type="button"
          className="icon-button icon-button--danger"
          aria-label="Delete transcript"
          title="Delete transcript"
          disabled={busy}
          onClick={onDelete}
        >
          <Trash2 size={17} />
        </button>
      </div>
      <div className="md-transcript__body" data-testid="transcript">
        {text || 'No text was found.'}
      </div>
    </div>
  );
}
