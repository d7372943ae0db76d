import { MESSAGES } from '@docent/shared';
import { MessageCircleQuestion } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDraft } from './drafts.ts';
import type { KnowledgeFlow } from './flows.ts';
import { ItemListing } from './ItemListing.tsx';
import { asQuestion, itemsCharCount } from './item-list.ts';
import { KnowledgeFrame } from './KnowledgeFrame.tsx';
import { trainQuestions } from './knowledge.api.ts';
import { useTraining } from './use-training.tsx';

/** /question-listing and /datasource/question-listing: review the Q&A pairs and train them. */
export function QuestionListing({ flow }: { flow: KnowledgeFlow }) {
  const navigate = useNavigate();
  const { items: questions, actions: questionActions } = useDraft(flow.kind, 'questions');
  const { train, busy, dialog } = useTraining(flow.kind);
  const [error, setError] = useState('');

  const onTrain = () => {
    if (questions.length === 0) return setError(MESSAGES.noQaToTrain);
    setError('');
    void train(
      (target) => trainQuestions(questions, itemsCharCount(questions), target),
      questionActions.clear,
    );
  };

  return (
    <KnowledgeFrame
      flow={flow}
      title="Questions & Answers"
      description="Check your Q&A pairs, then train your chatbot on them."
      back={{ to: flow.questionForm, label: 'Back' }}
    >
      <ItemListing
        heading="Imported Q&As"
        subtitle="Q&A pairs waiting to be trained. Edit or remove any before training."
        items={questions}
        icon={MessageCircleQuestion}
        titleOf={(item) => asQuestion(item.title)}
        itemNoun="Q&A"
        empty={
          <>
            <p className="kb-empty__title">No Q&A pairs added yet</p>
            <p>Add a question and its answer to get started.</p>
          </>
        }
        error={error}
        busy={busy}
        onAdd={() => navigate(flow.questionForm)}
        onEdit={(index) => navigate(flow.questionForm, { state: { index } })}
        onRemove={(index) => {
          setError('');
          questionActions.remove(index);
        }}
        onCancel={() => navigate(flow.questionForm)}
        onDiscard={questionActions.clear}
        onTrain={onTrain}
      />
      {dialog}
    </KnowledgeFrame>
  );
}
