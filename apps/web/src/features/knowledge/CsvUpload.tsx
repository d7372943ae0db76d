import { MESSAGES } from '@docent/shared';
import { useId } from 'react';
import { Button } from '../../components/Button.tsx';
import { FormError } from '../../components/Field.tsx';
import { CharacterCount, PanelFooter } from '../../components/PanelFooter.tsx';
import { ColumnSelect, CsvDropZone, CsvFileCard, CsvPreview } from './CsvParts.tsx';
import type { KnowledgeFlow } from './flows.ts';
import { KnowledgeFrame, RouteTabs } from './KnowledgeFrame.tsx';
import { importCsv } from './knowledge.api.ts';
import { questionTabs } from './QuestionForm.tsx';
import { useCsvFile } from './use-csv-file.ts';
import { useTraining } from './use-training.tsx';
import './csv-upload.css';

/** /question-file-upload and /datasource/csvupload: import Q&A pairs from two CSV columns. */
export function CsvUpload({ flow }: { flow: KnowledgeFlow }) {
  const ids = useId();
  const { train, busy, dialog } = useTraining(flow.kind);
  const csv = useCsvFile();
  const { loaded, question, answer } = csv;

  const onCreate = () => {
    if (!loaded) return csv.setError(MESSAGES.selectFile);
    if (!question || !answer) return csv.setError(MESSAGES.csvSelectColumns);
    csv.setError('');
    const charCount = csv.charCount;
    const payload = { file: loaded.file, questions: question, answers: answer, charCount };
    void train((target) => importCsv(payload, target));
  };

  const sample = loaded && question && answer ? loaded.rows.slice(0, 3) : [];
  const headers = loaded?.headers ?? [];
  return (
    <KnowledgeFrame
      flow={flow}
      title="Questions & Answers"
      description="Import Q&A pairs from a spreadsheet saved as .csv with a header row."
      back={{ to: flow.questionBack, label: 'Back' }}
    >
      <section className="panel kb-panel" aria-label="Import Q&A from a CSV file">
        <RouteTabs label="How to add Q&A" current={flow.csvUpload} tabs={questionTabs(flow)} />
        {loaded ? (
          <CsvFileCard loaded={loaded} onRemove={csv.remove} />
        ) : (
          <CsvDropZone parsing={csv.parsing} onFile={(file) => void csv.load(file)} />
        )}
        <div className="form__grid-2">
          <ColumnSelect
            id={`${ids}-question`}
            label="Question column"
            headers={headers}
            value={question}
            onChange={csv.setQuestion}
          />
          <ColumnSelect
            id={`${ids}-answer`}
            label="Answer column"
            headers={headers}
            value={answer}
            onChange={csv.setAnswer}
          />
        </div>
        {sample.length > 0 && <CsvPreview rows={sample} question={question} answer={answer} />}
        <FormError message={csv.error} />
        <PanelFooter count={<CharacterCount value={csv.charCount} />}>
          <Button onClick={onCreate} loading={busy || csv.parsing}>
            Create QA
          </Button>
        </PanelFooter>
      </section>
      {dialog}
    </KnowledgeFrame>
  );
}
