import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, Clock, Mail, MapPin, Phone } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm, type DefaultValues } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { CONTACT_TOPICS, CreateContactMessageInputSchema, type CreateContactMessageInput } from '#shared/schemas/contact.ts';
import { RETURN_WINDOW_DAYS } from '#shared/store-info.ts';
import { SelectField, TextAreaField, TextField } from '#web/components/form/form-fields.tsx';
import { SubmitButton } from '#web/components/form/form-layout.tsx';
import { PageMeta } from '#web/components/seo/page-meta.tsx';
import { ErrorAlert } from '#web/components/ui/alerts.tsx';
import { paths } from '#web/config/paths.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';
import { useSendContactMessage } from '../api/send-contact-message.ts';
import { telHref } from '../utils/tel-href.ts';

type ContactFormValues = z.input<typeof CreateContactMessageInputSchema>;

// No topic until the shopper chooses one: the select starts on "Choose a topic".
const EMPTY_FORM: DefaultValues<ContactFormValues> = {
  name: '',
  email: '',
  phone: '',
  orderNumber: '',
  message: '',
};

const buttonClassName =
  'inline-flex w-full items-center justify-center rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white ' +
  'hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto';

function ContactDetails() {
  const store = useStoreInfo();

  return (
    <section aria-labelledby="contact-details-heading" className="rounded-xl border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id="contact-details-heading" className="text-lg font-semibold text-slate-900">
        Get in touch
      </h2>
      <dl className="mt-4 space-y-5 text-slate-700">
        <div className="flex gap-3">
          <dt className="shrink-0">
            <MapPin aria-hidden="true" className="mt-0.5 size-5 text-brand-600" />
            <span className="sr-only">Address</span>
          </dt>
          <dd className="min-w-0">
            <address className="not-italic">
              <span className="block font-medium text-slate-900">{store.legalName}</span>
              {store.address}
            </address>
          </dd>
        </div>
        <div className="flex gap-3">
          <dt className="shrink-0">
            <Phone aria-hidden="true" className="mt-0.5 size-5 text-brand-600" />
            <span className="sr-only">Phone</span>
          </dt>
          <dd className="min-w-0">
            <a href={telHref(store.phone)} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
              {store.phone}
            </a>
          </dd>
        </div>
        <div className="flex gap-3">
          <dt className="shrink-0">
            <Mail aria-hidden="true" className="mt-0.5 size-5 text-brand-600" />
            <span className="sr-only">Support e-mail</span>
          </dt>
          <dd className="min-w-0 wrap-break-word">
            <a
              href={`mailto:${store.supportEmail}`}
              className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
            >
              {store.supportEmail}
            </a>
          </dd>
        </div>
        <div className="flex gap-3">
          <dt className="shrink-0">
            <Clock aria-hidden="true" className="mt-0.5 size-5 text-brand-600" />
            <span className="sr-only">Support hours</span>
          </dt>
          <dd className="min-w-0">{store.supportHours}</dd>
        </div>
      </dl>

      <div className="mt-6 border-t border-slate-200 pt-5 text-sm leading-6 text-slate-600">
        <p>
          Want to return a product? You can request a return within {RETURN_WINDOW_DAYS} days of delivery from{' '}
          <Link to={paths.orders()} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
            My Orders
          </Link>
          . See our{' '}
          <Link to={paths.returns()} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
            Returns &amp; Refunds policy
          </Link>
          .
        </p>
      </div>
    </section>
  );
}

function ContactForm() {
  const statusRef = useRef<HTMLDivElement>(null);
  const focusFormOnReset = useRef(false);

  const mutation = useSendContactMessage();
  const form = useForm<ContactFormValues, unknown, CreateContactMessageInput>({
    resolver: zodResolver(CreateContactMessageInputSchema),
    defaultValues: EMPTY_FORM,
  });

  const { handleSubmit, reset, setFocus } = form;
  const onSubmit = handleSubmit((input) => {
    mutation.mutate(input, { onSuccess: () => reset(EMPTY_FORM) });
  });

  const sent = mutation.isSuccess;

  // Keyboard and screen-reader users land on the confirmation once the form disappears,
  // and back on the first field when they choose to write another message.
  useEffect(() => {
    if (sent) {
      statusRef.current?.focus();
    } else if (focusFormOnReset.current) {
      focusFormOnReset.current = false;
      setFocus('name');
    }
  }, [sent, setFocus]);

  const sendAnother = () => {
    focusFormOnReset.current = true;
    mutation.reset();
  };

  const submitError = mutation.error
    ? errorMessage(mutation.error, 'We could not send your message. Please check your internet connection and try again.')
    : null;

  return (
    <section aria-labelledby="contact-form-heading" className="rounded-xl border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id="contact-form-heading" className="text-lg font-semibold text-slate-900">
        Send us a message
      </h2>

      <div role="status" ref={statusRef} tabIndex={-1} className="focus:outline-hidden">
        {sent ? (
          <div className="mt-4 flex gap-3 rounded-xl border border-green-200 bg-green-50 p-4 text-green-900">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
            <p className="min-w-0 wrap-break-word">
              Thank you, {mutation.variables.name}. We have received your message (reference{' '}
              <strong className="font-semibold">{mutation.data.reference}</strong>) and will reply within one business day.
            </p>
          </div>
        ) : null}
      </div>

      {sent ? (
        <button type="button" onClick={sendAnother} className={`mt-5 ${buttonClassName}`}>
          Send another message
        </button>
      ) : (
        <form noValidate onSubmit={onSubmit} className="mt-1">
          <p className="text-sm text-slate-600">We reply within one business day. Fields marked optional can be left blank.</p>

          <div className="mt-5 grid gap-5 sm:grid-cols-2">
            <TextField form={form} name="name" label="Name" autoComplete="name" />
            <TextField form={form} name="email" label="E-mail" type="email" autoComplete="email" inputMode="email" spellCheck={false} />
            <TextField
              form={form}
              name="phone"
              label="Phone"
              optional
              hint="10-digit mobile number"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
            />
            <TextField
              form={form}
              name="orderNumber"
              label="Order number"
              optional
              hint="Shown in My Orders"
              autoComplete="off"
              spellCheck={false}
            />
            <SelectField
              form={form}
              name="topic"
              label="Topic"
              options={CONTACT_TOPICS}
              placeholder="Choose a topic"
              className="sm:col-span-2"
            />
            <TextAreaField form={form} name="message" label="Message" className="sm:col-span-2" />
          </div>

          {submitError ? <ErrorAlert className="mt-5">{submitError}</ErrorAlert> : null}

          <div className="mt-5">
            <SubmitButton label="Send message" pendingLabel="Sending…" pending={mutation.isPending} className={buttonClassName} />
          </div>
        </form>
      )}
    </section>
  );
}

export default function ContactPage() {
  const store = useStoreInfo();

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <PageMeta
        title={`Contact us · ${store.name}`}
        description={`Write to or call ${store.name}: support hours, phone, email and our registered address.`}
        canonical={paths.contact()}
      />
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">Contact us</h1>
        <p className="mt-4 text-lg leading-8 text-slate-600">
          Questions about a product, an order, a return or selling on {store.name}? Call us, write to us or use the form and our support
          team will get back to you.
        </p>
      </header>

      <div className="mt-8 grid items-start gap-6 lg:mt-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] lg:gap-8">
        <ContactDetails />
        <ContactForm />
      </div>
    </div>
  );
}
