import { ALLOWED_DOMAINS_MAX, normalizeDomain, WIDGET_MESSAGES } from '@docent/shared';
import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/Button.tsx';

/** Adds one domain to the list: normalised (pasted URLs work), checked, at most 50 in all. */
export function DomainInput({
  domains,
  onAdd,
}: {
  domains: readonly string[];
  onAdd: (domain: string) => void;
}) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim() === '') return;
    const domain = normalizeDomain(draft);
    if (!domain) return setError(WIDGET_MESSAGES.domainInvalid);
    if (!domains.includes(domain) && domains.length >= ALLOWED_DOMAINS_MAX) {
      return setError(WIDGET_MESSAGES.tooManyDomains);
    }
    onAdd(domain);
    setDraft('');
    setError('');
  };
  return (
    <>
      <form className="domains__add" onSubmit={onSubmit} noValidate>
        <label className="sr-only" htmlFor="domain-input">
          Domain
        </label>
        <input
          id="domain-input"
          className="input"
          placeholder="example.com or *.example.com"
          value={draft}
          maxLength={300}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'domain-error' : undefined}
          onChange={(e) => {
            setDraft(e.target.value);
            setError('');
          }}
        />
        <Button type="submit" variant="secondary">
          <Plus size={16} aria-hidden="true" /> Add
        </Button>
      </form>
      {error && (
        <p className="field__error" id="domain-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
