import { EMAIL_PATTERN, MESSAGES } from '@docent/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/Button.tsx';
import { FieldFrame, TextField } from '../../components/Field.tsx';
import { errorMessage } from '../../lib/api.ts';
import { authApi } from '../auth/auth.api.ts';

const EMPTY = {
  name: '',
  contact_number: '',
  email_address: '',
  location: '',
  company_name: '',
  message: '',
};
type Form = typeof EMPTY;
type Errors = Partial<Record<keyof Form, string>>;

function validate(form: Form): Errors {
  const errors: Errors = {};
  if (!form.name.trim()) errors.name = MESSAGES.contactName;
  if (!form.contact_number.trim()) errors.contact_number = MESSAGES.contactPhone;
  if (!form.email_address.trim()) errors.email_address = MESSAGES.contactEmail;
  else if (!EMAIL_PATTERN.test(form.email_address.trim()))
    errors.email_address = MESSAGES.contactValidEmail;
  return errors;
}

/** The landing page's contact popup (Get Contact, package Get Started, Subscribe). */
export function ContactDialog({
  open,
  onOpenChange,
  initialEmail = '',
  topic,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialEmail?: string;
  topic?: string;
}) {
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
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

  const set = (key: keyof Form) => (e: { target: { value: string } }) => {
    // Contact numbers accept digits only (spec §5).
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
      if (reply.hasError) throw new Error(reply.message);
      toast.success(reply.message || 'Thanks! We will be in touch shortly.');
      onOpenChange(false);
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setLoading(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <div className="dialog__head">
            <div>
              <Dialog.Title className="dialog__title">Get in touch</Dialog.Title>
              <Dialog.Description className="dialog__description">
                Tell us a little about your business and we’ll get back to you within one working
                day.
              </Dialog.Description>
            </div>
            <Dialog.Close className="icon-button" aria-label="Close">
              <X size={18} />
            </Dialog.Close>
          </div>
          <form className="form form--grid" onSubmit={onSubmit} noValidate>
            <TextField
              label="Name"
              name="name"
              autoComplete="name"
              value={form.name}
              onChange={set('name')}
              error={errors.name}
            />
            <TextField
              label="Contact Number"
              name="contact_number"
              inputMode="numeric"
              autoComplete="tel"
              value={form.contact_number}
              onChange={set('contact_number')}
              error={errors.contact_number}
            />
            <TextField
              label="Email Address"
              name="email_address"
              type="email"
              autoComplete="email"
              value={form.email_address}
              onChange={set('email_address')}
              error={errors.email_address}
            />
            <TextField
              label="Location"
              name="location"
              value={form.location}
              onChange={set('location')}
            />
            <TextField
              label="Company Name"
              name="company_name"
              autoComplete="organization"
              value={form.company_name}
              onChange={set('company_name')}
              className="form__full"
            />
            <FieldFrame inputId="contact-message" label="Message" className="form__full">
              <textarea
                id="contact-message"
                className="input textarea"
                rows={4}
                value={form.message}
                onChange={set('message')}
              />
            </FieldFrame>
            <div className="dialog__actions form__full">
              <Dialog.Close asChild>
                <Button variant="secondary">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" loading={loading}>
                Send message
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
