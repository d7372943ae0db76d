import { Copy } from 'lucide-react';
import { toast } from 'react-toastify';
import { copyText } from './copy-text.ts';
import './snippet.css';

/** A read-only code block with its copy button. */
export function CodeSnippet({
  code,
  copiedMessage,
  label = 'Copy to clipboard',
  testId,
  onCopied,
}: {
  code: string;
  copiedMessage: string;
  label?: string;
  testId?: string;
  onCopied?: () => void;
}) {
  const copy = async () => {
    if (await copyText(code)) {
      toast.success(copiedMessage);
      onCopied?.();
    } else toast.error('Could not copy. Please select the text and copy it by hand.');
  };
  return (
    <div className="snippet">
      <pre className="snippet__code" data-testid={testId}>
        <code>{code}</code>
      </pre>
      <div className="snippet__actions">
        <button type="button" className="btn btn--primary btn--sm" onClick={copy}>
          <Copy size={15} aria-hidden="true" /> {label}
        </button>
      </div>
    </div>
  );
}

/** A URL on one line with copy and open actions. */
export function LinkSnippet({ url, testId }: { url: string; testId?: string }) {
  const copy = async () => {
    if (await copyText(url)) toast.success('Link copied to clipboard!');
    else toast.error('Could not copy. Please select the link and copy it by hand.');
  };
  return (
    <div className="link-snippet">
      <input
        className="input link-snippet__url"
        value={url}
        readOnly
        aria-label="Chat page address"
        onFocus={(e) => e.target.select()}
        data-testid={testId}
      />
      <div className="link-snippet__actions">
        <button type="button" className="btn btn--primary btn--sm" onClick={copy}>
          <Copy size={15} aria-hidden="true" /> Copy link
        </button>
        <a
          className="btn btn--secondary btn--sm"
          href={url}
          target="_blank"
          rel="noopener noreferrer"
        >
          Open
        </a>
      </div>
    </div>
  );
}
