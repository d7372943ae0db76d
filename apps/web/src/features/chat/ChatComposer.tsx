import { CHAT_QUESTION_MAX } from '@docent/shared';
import { SendHorizontal } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useRef, useState } from 'react';
import './composer.css';

/** The message box: Enter sends, Shift+Enter starts a new line. */
export function ChatComposer({
  onSend,
  busy,
  disabled,
}: {
  onSend: (text: string) => Promise<boolean>;
  busy: boolean;
  disabled?: boolean;
}) {
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);

  const submit = async () => {
    if (busy || disabled || text.trim() === '') return;
    const question = text;
    setText('');
    const sent = await onSend(question);
    if (!sent) setText((current) => current || question);
    box.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <form className="chat-composer" onSubmit={onSubmit}>
      <label className="sr-only" htmlFor="chat-message">
        Message
      </label>
      <textarea
        id="chat-message"
        ref={box}
        className="chat-composer__input"
        placeholder="Type your message…"
        rows={1}
        maxLength={CHAT_QUESTION_MAX}
        value={text}
        disabled={disabled}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby="chat-hint"
      />
      <button
        type="submit"
        className="chat-composer__send"
        aria-label="Send message"
        disabled={disabled || busy || text.trim() === ''}
      >
        <SendHorizontal size={18} aria-hidden="true" />
      </button>
      <p id="chat-hint" className="chat-composer__hint">
        Enter to send · Shift + Enter for a new line
      </p>
    </form>
  );
}
