import { MESSAGES } from '@docent/shared';
import { FileSpreadsheet, PenLine } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { FormError, TextField } from '../../components/Field.tsx';
import { TextAreaField } from '../../components/TextAreaField.tsx';
import { useDraft } from './drafts.ts';
import type { KnowledgeFlow } from './flows.ts';
import { EditingBadge, PendingNotice, useEditedItem } from './ItemFormParts.tsx';
import { KnowledgeFrame, RouteTabs } from './KnowledgeFrame.tsx';

/** The two ways to add Q&A (docs/spec.md §2): by hand, or from a .csv file. */
export function questionTabs(flow: KnowledgeFlow) {
  return [
    {
      label: 'Add Manually',
      to: flow.questionForm,
      icon: <PenLine size={16} aria-hidden="true" />,
    },
    {
      label: 'Import .CSV',
      to: flow.csvUpload,
      icon: <FileSpreadsheet size={16} aria-hidden="true" />,
    },
  ];
}

/** /question and /datasource/question: saves a new pair, or updates the one at the passed index. */
export function QuestionForm({ flow }: { flow: KnowledgeFlow }) {
  const navigate = useNavigate();
  const { items: questions, actions: questionActions } = useDraft(flow.kind, 'questions');
  const { index, editing } = useEditedItem(questions);

  const [question, setQuestion] = useState(editing?.title ?? '');
  const [answer, setAnswer] = useState(editing?.content ?? '');
  const [error, setError] = useState('');
  const ids = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!question.trim() || !answer.trim()) {
      setError(MESSAGES.addQuestionAnswer);
      const missing = question.trim() ? 'answer' : 'question';
      return document.getElementById(`${ids}-${missing}`)?.focus();
    }
    const item = { title: question.trim(), content: answer.trim() };
    if (index === undefined) questionActions.add(item);
    else questionActions.update(index, item);
    navigate(flow.questionListing);
  };

  const pending = questions.length - (editing ? 1 : 0);

  return (
    <KnowledgeFrame
      flow={flow}
      title="Questions & Answers"
      description="Teach your chatbot the answers to the questions your customers ask."
      back={{ to: flow.questionBack, label: 'Back' }}
    >
      <section className="panel kb-panel" aria-label="Add a question and answer">
        <RouteTabs label="How to add Q&A" current={flow.questionForm} tabs={questionTabs(flow)} />
        {editing && <EditingBadge what="Q&A" index={index ?? 0} />}
        <form className="kb-form" onSubmit={onSubmit} noValidate>
          <TextField
            id={`${ids}-question`}
            label="Question"
            name="question"
            placeholder="e.g. How long does delivery take?"
            value={question}
            maxLength={500}
            aria-invalid={error && !question.trim() ? true : undefined}
            onChange={(e) => setQuestion(e.target.value)}
          />
          <TextAreaField
            id={`${ids}-answer`}
            label="Answer"
            name="answer"
            placeholder="The answer your chatbot should give…"
            value={answer}
            rows={8}
            aria-invalid={error && !answer.trim() ? true : undefined}
            meta={`${answer.length} characters`}
            onChange={(e) => setAnswer(e.target.value)}
          />
          <FormError message={error} />
          <div className="kb-form__actions">
            <div className="kb-form__actions-end">
              <Button type="submit">Save Content</Button>
            </div>
          </div>
        </form>
        <PendingNotice count={pending} one="Q&A pair" many="Q&A pairs" to={flow.questionListing} />
      </section>
    </KnowledgeFrame>
  );
}
