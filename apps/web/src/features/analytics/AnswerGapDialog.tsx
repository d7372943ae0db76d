import { ANALYTICS_MESSAGES, type KnowledgeGap } from '@docent/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/Button.tsx';
import { FormError, TextField } from '../../components/Field.tsx';
import { TextAreaField } from '../../components/TextAreaField.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useAnswerGap } from './analytics.api.ts';

/**
 * Add answer: a Q&A form prefilled with the gap's question. Saving trains the pair through
 * the Q&A path on the server and closes the gap, so the next visitor gets this answer.
 */
export function AnswerGapDialog({ gap, onClose }: { gap: KnowledgeGap; onClose: () => void }) {
  const ids = useId();
  const [question, setQuestion] = useState(gap.question);
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState('');
  const save = useAnswerGap();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!question.trim()) return setError(ANALYTICS_MESSAGES.questionRequired);
    if (!answer.trim()) return setError(ANALYTICS_MESSAGES.answerRequired);
    setError('');
    save.mutate(
      { bot_id: gap.bot_id, gap_id: gap.gap_id, question: question.trim(), answer: answer.trim() },
      {
        onSuccess: (reply) => {
          toast.success(reply.message);
          onClose();
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title className="dialog__title">Add an answer</Dialog.Title>
          <Dialog.Description className="dialog__description">
            Saved as a question and answer pair of this chatbot and trained like any other, so the
            next visitor who asks gets this answer.
          </Dialog.Description>
          <form className="kb-form an-answer-form" onSubmit={submit} noValidate>
            <TextField
              id={`${ids}-question`}
              label="Question"
              value={question}
              maxLength={2000}
              onChange={(e) => setQuestion(e.target.value)}
            />
            {gap.variants.length > 0 && (
              <p className="field__hint">Also asked as: {gap.variants.slice(0, 3).join(' · ')}</p>
            )}
            <TextAreaField
              id={`${ids}-answer`}
              label="Answer"
              placeholder="The answer your chatbot should give…"
              value={answer}
              maxLength={20000}
              autoFocus
              onChange={(e) => setAnswer(e.target.value)}
            />
            <FormError message={error} />
            <div className="dialog__actions">
              <Dialog.Close asChild>
                <Button variant="secondary">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" loading={save.isPending}>
                Save and train
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
