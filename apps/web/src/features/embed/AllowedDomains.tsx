import { WIDGET_MESSAGES } from '@docent/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Globe, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/Button.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { DomainInput } from './DomainInput.tsx';
import { fetchAllowedDomains, saveAllowedDomains } from './embed.api.ts';
import './allowed-domains.css';

/** 'Allowed domains' of /chatbot-settings: where the widget may chat (empty = anywhere). */
export function AllowedDomains({ botId }: { botId: string }) {
  const queryClient = useQueryClient();
  const key = ['allowed-domains', botId];
  const query = useQuery({
    queryKey: key,
    queryFn: () => fetchAllowedDomains(botId),
    staleTime: 0,
  });
  const [domains, setDomains] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (query.data) setDomains(query.data);
  }, [query.data]);

  const save = async () => {
    setSaving(true);
    try {
      const reply = await saveAllowedDomains(botId, domains);
      toast.success(reply.message || WIDGET_MESSAGES.domainsSaved);
      queryClient.setQueryData(key, reply.response.domains);
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
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
          <DomainInput
            domains={domains}
            onAdd={(domain) =>
              setDomains((list) => (list.includes(domain) ? list : [...list, domain]))
            }
          />
          <DomainList
            domains={domains}
            onRemove={(domain) => setDomains((list) => list.filter((d) => d !== domain))}
          />
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

function DomainList({
  domains,
  onRemove,
}: {
  domains: string[];
  onRemove: (domain: string) => void;
}) {
  if (domains.length === 0) {
    return (
      <p className="domains__empty">
        <Globe size={16} aria-hidden="true" /> Any website can use your widget.
      </p>
    );
  }
  return (
    <ul className="domains__list" data-testid="allowed-domains">
      {domains.map((domain) => (
        <li key={domain} className="domains__chip">
          <span>{domain}</span>
          <button type="button" aria-label={`Remove ${domain}`} onClick={() => onRemove(domain)}>
            <X size={14} aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}
