import { useRef, useState } from 'react';
import { errorMessage } from '../../lib/api.ts';
import type { PickedImage } from './image-files.ts';
import { readFilesText, type Transcript } from './media.api.ts';

/** Stage 1 of the files screen: reads the PDF's or the images' text, cancellable. */
export function useFilesTranscript(report: (problem: string) => void) {
  const [transcript, setTranscript] = useState<Transcript | null>(null);
  const [extracting, setExtracting] = useState(false);
  const aborter = useRef<AbortController | null>(null);

  const read = async (pdf: File | null, images: readonly PickedImage[]) => {
    report('');
    setExtracting(true);
    const controller = new AbortController();
    aborter.current = controller;
    try {
      setTranscript(await readFilesText(pdf, images, controller.signal));
    } catch (err) {
      if (!(err instanceof DOMException && err.name === 'AbortError')) report(errorMessage(err));
    } finally {
      aborter.current = null;
      setExtracting(false);
    }
  };

  const abort = () => aborter.current?.abort();
  const clear = () => setTranscript(null);
  return { transcript, extracting, read, abort, clear };
}
