import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { Button } from '../../components/Button.tsx';
import { FieldFrame, TextField } from '../../components/Field.tsx';
import { type ContactErrors, type ContactForm, useContactForm } from './use-contact-form.ts';

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
  const { form, errors, loading, set, onSubmit } = useContactForm(open, initialEmail, topic, () =>
    onOpenChange(false),
  );

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
            <ContactFields form={form} errors={errors} set={set} />
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

function ContactFields({
  form,
  errors,
  set,
}: {
  form: ContactForm;
  errors: ContactErrors;
  set: (key: keyof ContactForm) => (e: { target: { value: string } }) => void;
}) {
  return (
    <>
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
    </>
  );
}
