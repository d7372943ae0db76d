import {
  ALLOWED_DOMAINS_MAX,
  type AllowedDomainsResponse,
  normalizeDomain,
  WIDGET_MESSAGES,
} from '@docent/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Globe, Plus, X } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/Button.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { api, errorMessage } from '../../lib/api.ts';
import './embed.css';

async function fetchDomains(botId: string): Promise<string[]> {
  const reply = await api<AllowedDomainsResponse>(
    `settings/allowed-domains/${encodeURIComponent(botId)}`,
  );
  return reply.response?.domains ?? [];
}

/** 'Allowed domains' of /chatbot-settings: where the widget may chat (empty = anywhere). */
export function AllowedDomains({ botId }: { botId: string }) {
  const queryClient = useQueryClient();
  const key = ['allowed-domains', botId];
  const query = useQuery({ queryKey: key, queryFn: () => fetchDomains(botId), staleTime: 0 });
  const [domains, setDomains] = useState<string[]>([]);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (query.data) setDomains(query.data);
  }, [query.data]);

  const add = () => {
    if (draft.trim() === '') return;
    const domain = normalizeDomain(draft);
    if (!domain) {
      setError(WIDGET_MESSAGES.domainInvalid);
      return;
    }
    if (!domains.includes(domain) && domains.length >= ALLOWED_DOMAINS_MAX) {
      setError(WIDGET_MESSAGES.tooManyDomains);
      return;
    }
    setDomains((list) => (list.includes(domain) ? list : [...list, domain]));
    setDraft('');
    setError('');
  };

  const save = async () => {
    setSaving(true);
    try {
      const reply = await api<AllowedDomainsResponse>('settings/allowed-domains', {
        json: { bot_id: botId, domains },
      });
      if (reply.hasError) toast.error(reply.message);
      else {
        toast.success(reply.message || WIDGET_MESSAGES.domainsSaved);
        queryClient.setQueryData(key, reply.response?.domains ?? domains);
      }
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    add();
  };

  const dirty = query.data !== undefined && query.data.join('\n') !== domains.join('\n');

  return (
    <section className="panel kb-panel domains" aria-labelledby="domains-title">
      <div>
        <h2 className="kb-panel__title" id="domains-title">
          Allowed domains
        </h2>
        <p className="kb-panel__subtitle">
          The websites on which your chat widget may answer. Leave the list empty to allow any
          website.
        </p>
      </div>
      {query.isPending ? (
        <Spinner size={22} label="Loading allowed domains" />
      ) : query.isError ? (
        <p className="form-error" role="alert">
          {errorMessage(query.error)}
        </p>
      ) : (
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
          {domains.length === 0 ? (
            <p className="domains__empty">
              <Globe size={16} aria-hidden="true" /> Any website can use your widget.
            </p>
          ) : (
            <ul className="domains__list" data-testid="allowed-domains">
              {domains.map((domain) => (
                <li key={domain} className="domains__chip">
                  <span>{domain}</span>
                  <button
                    type="button"
                    aria-label={`Remove ${domain}`}
                    onClick={() => setDomains((list) => list.filter((d) => d !== domain))}
                  >
                    <X size={14} aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="kb-form__actions">
            <div className="kb-form__actions-end">
              <Button onClick={save} loading={saving} disabled={!dirty}>
                Save Domains
              </Button>
            </div>
          </div>
        </>
      )}
    </section>
  );
}
