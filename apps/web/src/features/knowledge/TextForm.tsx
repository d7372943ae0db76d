import { MESSAGES } from '@docent/shared';
import { Files, FileText, FileUp } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/Field.tsx';
import { TextAreaField } from '../../components/TextAreaField.tsx';
import { useDraft } from './drafts.ts';
import type { KnowledgeFlow } from './flows.ts';
import { EditingBadge, PendingNotice, useEditedItem } from './ItemFormParts.tsx';
import { KnowledgeFrame, RouteTabs } from './KnowledgeFrame.tsx';

const TXT_ONLY = 'Please choose a .txt file';

function isTxt(file: File): boolean {
  return file.name.toLowerCase().endsWith('.txt');
}

/** The two ways to add text (docs/spec.md §2): typed or imported here, or read from files. */
export function textTabs(flow: KnowledgeFlow) {
  return [
    { label: 'Text', to: flow.textForm, icon: <FileText size={16} aria-hidden="true" /> },
    { label: 'Files', to: flow.files, icon: <Files size={16} aria-hidden="true" /> },
  ];
}

/** /textupload and /datasource/text: one text item, new or edited by its list index. */
export function TextForm({ flow }: { flow: KnowledgeFlow }) {
  const navigate = useNavigate();
  const { items: texts, actions: textActions } = useDraft(flow.kind, 'texts');
  const { index, editing } = useEditedItem(texts);

  const [title, setTitle] = useState(editing?.title ?? '');
  const [content, setContent] = useState(editing?.content ?? '');
  const [errors, setErrors] = useState<{ title?: string; content?: string; file?: string }>({});
  const ids = useId();
  const focus = (name: string) => document.getElementById(`${ids}-${name}`)?.focus();

  const onImport = (name: string, text: string) => {
    setContent(text);
    if (!title.trim()) setTitle(name.replace(/\.txt$/i, ''));
    setErrors({});
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const missing = !title.trim() ? 'title' : !content.trim() ? 'content' : null;
    if (missing) {
      setErrors({
        [missing]: missing === 'title' ? MESSAGES.enterTitle : MESSAGES.enterTextContent,
      });
      return focus(missing);
    }
    const item = { title: title.trim(), content: content.trim() };
    if (index === undefined) textActions.add(item);
    else textActions.update(index, item);
    navigate(flow.textListing);
  };

  const pending = texts.length - (editing ? 1 : 0);

  return (
    <KnowledgeFrame
      flow={flow}
      title="Text & Files"
      description="Paste or import the text your chatbot should learn from."
      back={{ to: flow.textBack, label: 'Back' }}
    >
      <section className="panel kb-panel" aria-label="Text entry">
        <RouteTabs label="Text or files" current={flow.textForm} tabs={textTabs(flow)} />
        {editing && <EditingBadge what="text" index={index ?? 0} />}
        <form className="kb-form" onSubmit={onSubmit} noValidate>
          <TextItemFields
            idPrefix={ids}
            title={[title, setTitle]}
            content={[content, setContent]}
            errors={errors}
          />
          {errors.file && (
            <p className="field__error" role="alert">
              {errors.file}
            </p>
          )}
          <div className="kb-form__actions">
            <TxtImport onText={onImport} onWrongFile={() => setErrors({ file: TXT_ONLY })} />
            <div className="kb-form__actions-end">
              <Button type="submit">Add Content</Button>
            </div>
          </div>
        </form>
        <PendingNotice count={pending} one="text" many="texts" to={flow.textListing} />
      </section>
    </KnowledgeFrame>
  );
}

/** "Import from TXT": reads a chosen .txt file and says which one was imported. */
function TxtImport({
  onText,
  onWrongFile,
}: {
  onText: (name: string, text: string) => void;
  onWrongFile: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [importedName, setImportedName] = useState('');
  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file can be chosen again after an edit
    if (!file) return;
    if (!isTxt(file)) return onWrongFile();
    onText(file.name, await file.text());
    setImportedName(file.name);
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".txt,text/plain"
        hidden
        onChange={onChange}
        data-testid="txt-input"
      />
      <Button variant="secondary" onClick={() => input.current?.click()}>
        <FileUp size={16} aria-hidden="true" /> Import from TXT
      </Button>
      {importedName && <span className="field__hint">Imported {importedName}</span>}
    </>
  );
}

type Field = [string, (value: string) => void];

function TextItemFields({
  idPrefix: ids,
  title: [title, setTitle],
  content: [content, setContent],
  errors,
}: {
  idPrefix: string;
  title: Field;
  content: Field;
  errors: { title?: string; content?: string };
}) {
  return (
    <>
      <TextField
        id={`${ids}-title`}
        label="Title"
        name="title"
        placeholder="e.g. Shipping and returns policy"
        value={title}
        maxLength={300}
        error={errors.title}
        onChange={(e) => setTitle(e.target.value)}
      />
      <TextAreaField
        id={`${ids}-content`}
        label="Content"
        name="content"
        placeholder="Paste the text your chatbot should know…"
        value={content}
        rows={12}
        error={errors.content}
        meta={`${content.length} characters`}
        onChange={(e) => setContent(e.target.value)}
      />
    </>
  );
}
