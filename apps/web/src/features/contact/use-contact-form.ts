import { EMAIL_PATTERN, MESSAGES } from '@docent/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { errorMessage } from '../../lib/api.ts';
import { authApi } from '../auth/index.ts';

const EMPTY = {
  name: '',
  contact_number: '',
  email_address: '',
  location: '',
  company_name: '',
  message: '',
};
export type ContactForm = typeof EMPTY;
export type ContactErrors = Partial<Record<keyof ContactForm, string>>;

function validate(form: ContactForm): ContactErrors {
  const errors: ContactErrors = {};
  if (!form.name.trim()) errors.name = MESSAGES.contactName;
  if (!form.contact_number.trim()) errors.contact_number = MESSAGES.contactPhone;
  if (!form.email_address.trim()) errors.email_address = MESSAGES.contactEmail;
  else if (!EMAIL_PATTERN.test(form.email_address.trim()))
    errors.email_address = MESSAGES.contactValidEmail;
  return errors;
}

/**
 * The contact popup's form: filled afresh each time it opens (with the e-mail and package the
 * landing page passed), checked as the spec says, then sent; `onSent` closes the popup.
 */
export function useContactForm(
  open: boolean,
  initialEmail: string,
  topic: string | undefined,
  onSent: () => void,
) {
  const [form, setForm] = useState<ContactForm>(EMPTY);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!open) return;
    setForm({
      ...EMPTY,
      email_address: initialEmail,
      message: topic ? `I'm interested in the ${topic} package.` : '',
    });
    setErrors({});
  }, [open, initialEmail, topic]);

  const set = (key: keyof ContactForm) => (e: { target: { value: string } }) => {
    // Contact numbers accept digits only (docs/spec.md §5).
    const value = key === 'contact_number' ? e.target.value.replace(/\D+/g, '') : e.target.value;
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setLoading(true);
    try {
      const reply = await authApi.contact({
        name: form.name.trim(),
        contact_number: form.contact_number,
        email_address: form.email_address.trim(),
        location: form.location.trim(),
        company_name: form.company_name.trim(),
        message: form.message.trim(),
      });
      toast.success(reply.message || 'Thanks! We will be in touch shortly.');
      onSent();
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setLoading(false);
    }
  };

  return { form, errors, loading, set, onSubmit };
}
