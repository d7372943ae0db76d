import { MESSAGES } from '@docent/shared';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { goBackOr } from '../../lib/go-back.ts';
import { useDraft } from './drafts.ts';
import type { KnowledgeFlow } from './flows.ts';
import { ItemListing } from './ItemListing.tsx';
import { itemsCharCount } from './item-list.ts';
import { KnowledgeFrame } from './KnowledgeFrame.tsx';
import { trainTexts } from './knowledge.api.ts';
import { useTraining } from './use-training.tsx';

/** /text-listing and /datasource/text-listing: review the added texts and train them. */
export function TextListing({ flow }: { flow: KnowledgeFlow }) {
  const navigate = useNavigate();
  const { items: texts, actions: textActions } = useDraft(flow.kind, 'texts');
  const { train, busy, dialog } = useTraining(flow.kind);
  const [error, setError] = useState('');

  const onTrain = () => {
    if (texts.length === 0) return setError(MESSAGES.noContentToTrain);
    setError('');
    void train((target) => trainTexts(texts, itemsCharCount(texts), target), textActions.clear);
  };

  const onCancel = () => goBackOr(navigate, flow.textForm);

  return (
    <KnowledgeFrame
      flow={flow}
      title="Text & Files"
      description="Check your texts, then train your chatbot on them."
      back={{ to: flow.textForm, label: 'Back' }}
    >
      <ItemListing
        heading="Generate Q&A"
        subtitle="Texts waiting to be trained. Edit or remove any before training."
        items={texts}
        icon={FileText}
        itemNoun="text"
        empty={
          <>
            <p className="kb-empty__title">No texts added yet</p>
            <p>Add a text or import a .txt file to get started.</p>
          </>
        }
        error={error}
        busy={busy}
        onAdd={() => navigate(flow.textForm)}
        onEdit={(index) => navigate(flow.textForm, { state: { index } })}
        onRemove={(index) => {
          setError('');
          textActions.remove(index);
        }}
        onCancel={onCancel}
        onDiscard={textActions.clear}
        onTrain={onTrain}
      />
      {dialog}
    </KnowledgeFrame>
  );
}
