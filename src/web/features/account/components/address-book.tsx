import { useEffect, useId, useRef, useState } from 'react';
import type { Address, AddressInput } from '#shared/schemas/account.ts';
import { AddressForm } from '#web/components/address/address-form.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { LoadError } from '#web/components/ui/list-states.tsx';
import { Loading } from '#web/components/ui/loading.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useAddAddress, useAddresses, useDeleteAddress, useSetDefaultAddress, useUpdateAddress } from '../api/addresses.ts';
import { AddressCard } from './address-card.tsx';

/** The server keeps at most this many addresses per shopper (and answers 409 beyond it). */
const MAX_ADDRESSES = 20;

type Mode = { kind: 'idle' } | { kind: 'add' } | { kind: 'edit'; id: number };

/**
 * Where keyboard focus goes once the change is on screen. A card waits until the list shown
 * reflects the change (`shown`), so focus is not lost when the refetched list re-renders.
 */
type FocusTarget =
  | { kind: 'heading' }
  | { kind: 'add-button' }
  | { kind: 'card'; id: number; shown: (items: readonly Address[]) => boolean }
  | { kind: 'edit-button'; id: number }
  | { kind: 'delete-button'; id: number }
  | { kind: 'confirm-cancel'; id: number };

const IDLE: Mode = { kind: 'idle' };

/** "address of Asha Menon, Kochi": what each card's buttons act on, for their accessible names. */
function addressContext(address: Address): string {
  return `address of ${address.name}, ${address.city}`;
}

const formPanelClassName = 'rounded-xl border border-brand-200 bg-brand-50 p-4 sm:p-5';

/** The signed-in shopper's saved delivery addresses: add, edit, delete and choose the default. */
export default function AddressBook() {
  const idPrefix = useId();
  const headingId = `${idPrefix}-heading`;
  const addHeadingId = `${idPrefix}-add-heading`;
  const domId = (kind: Exclude<FocusTarget['kind'], 'heading'>, addressId?: number): string =>
    addressId === undefined ? `${idPrefix}-${kind}` : `${idPrefix}-${kind}-${addressId}`;

  const addresses = useAddresses();
  const addMutation = useAddAddress();
  const updateMutation = useUpdateAddress();
  const deleteMutation = useDeleteAddress();
  const defaultMutation = useSetDefaultAddress();

  const [mode, setMode] = useState<Mode>(IDLE);
  const [confirmingDeleteId, setConfirmingDeleteId] = useState<number | null>(null);
  const [cardError, setCardError] = useState<{ id: number; message: string } | null>(null);
  const [announcement, setAnnouncement] = useState({ text: '', key: 0 });

  const sectionRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const pendingFocus = useRef<FocusTarget | null>(null);

  // Moves focus after a change, once the element to focus is on screen; never steals it from
  // somewhere else on the page the shopper has moved to in the meantime.
  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    if (target.kind === 'card' && !addresses.isError && !target.shown(addresses.data ?? [])) return;
    pendingFocus.current = null;
    const active = document.activeElement;
    if (active && active !== document.body && !sectionRef.current?.contains(active)) return;
    const element =
      target.kind === 'heading'
        ? null
        : document.getElementById(target.kind === 'add-button' ? domId(target.kind) : domId(target.kind, target.id));
    (element ?? headingRef.current)?.focus();
  });

  const focusLater = (target: FocusTarget | null) => {
    pendingFocus.current = target;
  };

  const announce = (text: string) => setAnnouncement((previous) => ({ text, key: previous.key + 1 }));
  const clearAnnouncement = () => setAnnouncement((previous) => ({ ...previous, text: '' }));

  const openAdd = () => {
    focusLater(null); // the form puts the cursor in its first field
    clearAnnouncement();
    setCardError(null);
    setMode({ kind: 'add' });
  };

  const cancelAdd = () => {
    focusLater({ kind: 'add-button' });
    setMode(IDLE);
  };

  const submitAdd = async (input: AddressInput) => {
    const created = await addMutation.mutateAsync(input);
    focusLater({ kind: 'card', id: created.id, shown: (items) => items.some((item) => item.id === created.id) });
    setMode(IDLE);
    announce('Address saved');
  };

  const openEdit = (address: Address) => {
    focusLater(null);
    clearAnnouncement();
    setCardError(null);
    setConfirmingDeleteId(null);
    setMode({ kind: 'edit', id: address.id });
  };

  const cancelEdit = (address: Address) => {
    focusLater({ kind: 'edit-button', id: address.id });
    setMode(IDLE);
  };

  const submitEdit = async (address: Address, input: AddressInput) => {
    const saved = await updateMutation.mutateAsync({ id: address.id, input });
    focusLater({
      kind: 'card',
      id: address.id,
      // A new default moves to the top of the list: wait for that before focusing it.
      shown: (items) => items.some((item) => item.id === saved.id && item.isDefault === saved.isDefault),
    });
    setMode(IDLE);
    announce('Address saved');
  };

  const askDelete = (address: Address) => {
    focusLater({ kind: 'confirm-cancel', id: address.id });
    clearAnnouncement();
    setCardError(null);
    setConfirmingDeleteId(address.id);
  };

  const cancelDelete = (address: Address) => {
    focusLater({ kind: 'delete-button', id: address.id });
    setCardError(null);
    setConfirmingDeleteId(null);
  };

  const confirmDelete = async (address: Address) => {
    setCardError(null);
    try {
      await deleteMutation.mutateAsync(address.id);
    } catch (error) {
      setCardError({ id: address.id, message: errorMessage(error, 'We could not delete the address. Please try again.') });
      return;
    }
    focusLater({ kind: 'heading' });
    setConfirmingDeleteId(null);
    announce('Address deleted');
  };

  const makeDefault = async (address: Address) => {
    clearAnnouncement();
    setCardError(null);
    try {
      await defaultMutation.mutateAsync(address.id);
    } catch (error) {
      setCardError({
        id: address.id,
        message: errorMessage(error, 'We could not change the default address. Please try again.'),
      });
      return;
    }
    focusLater({
      kind: 'card',
      id: address.id,
      shown: (items) => items.some((item) => item.id === address.id && item.isDefault),
    });
    announce('Default address updated');
  };

  const items = addresses.data;
  const isFull = (items?.length ?? 0) >= MAX_ADDRESSES;

  const addButton = (
    <button type="button" id={domId('add-button')} onClick={openAdd} className={`${buttonClass('primary')} w-full sm:w-auto`}>
      Add a new address
    </button>
  );

  let body;
  if (addresses.isPending) {
    body = (
      <div className="mt-6">
        <Loading label="Loading addresses…" />
      </div>
    );
  } else if (addresses.isError && !items) {
    body = (
      <div className="mt-6">
        <LoadError
          what="your addresses"
          message={errorMessage(addresses.error, 'Please check your internet connection and try again.')}
          onRetry={() => void addresses.refetch()}
        />
      </div>
    );
  } else if (!items || items.length === 0) {
    body =
      mode.kind === 'add' ? null : (
        <div className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center">
          <p className="text-slate-700">You have no saved addresses yet.</p>
          <div className="mt-4">{addButton}</div>
        </div>
      );
  } else {
    body = (
      <ul className="mt-6 space-y-4">
        {items.map((address) => {
          const context = addressContext(address);

          if (mode.kind === 'edit' && mode.id === address.id) {
            const editHeadingId = `${idPrefix}-edit-heading-${address.id}`;
            return (
              <li key={address.id}>
                <section aria-labelledby={editHeadingId} className={formPanelClassName}>
                  <h3 id={editHeadingId} className="text-base font-semibold text-slate-900">
                    Edit {context}
                  </h3>
                  <div className="mt-4">
                    <AddressForm
                      initial={address}
                      autoFocus
                      submitLabel="Save changes"
                      onSubmit={(input) => submitEdit(address, input)}
                      onCancel={() => cancelEdit(address)}
                    />
                  </div>
                </section>
              </li>
            );
          }

          return (
            <li key={address.id}>
              <AddressCard
                address={address}
                context={context}
                idOf={(kind) => domId(kind, address.id)}
                confirming={confirmingDeleteId === address.id}
                deleting={deleteMutation.isPending && deleteMutation.variables === address.id}
                settingDefault={defaultMutation.isPending && defaultMutation.variables === address.id}
                error={cardError?.id === address.id ? cardError.message : null}
                onEdit={() => openEdit(address)}
                onAskDelete={() => askDelete(address)}
                onCancelDelete={() => cancelDelete(address)}
                onDelete={() => void confirmDelete(address)}
                onMakeDefault={() => void makeDefault(address)}
              />
            </li>
          );
        })}
      </ul>
    );
  }

  const hasItems = (items?.length ?? 0) > 0;

  return (
    <section ref={sectionRef} aria-labelledby={headingId} className="min-w-0">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900">
          Saved addresses
        </h2>
        {hasItems && mode.kind !== 'add' && !isFull ? addButton : null}
      </div>

      {isFull && mode.kind !== 'add' ? (
        <p className="mt-2 text-sm text-slate-600">Your address book is full ({MAX_ADDRESSES} addresses). Delete one to add another.</p>
      ) : null}

      {/* Polite announcements of what just happened; focus moves too, this says why. */}
      <div role="status" aria-live="polite" aria-atomic="true">
        {announcement.text ? (
          <p key={announcement.key} className="mt-3 text-sm font-medium text-green-800">
            {announcement.text}
          </p>
        ) : null}
      </div>

      {mode.kind === 'add' ? (
        <section aria-labelledby={addHeadingId} className={`mt-6 ${formPanelClassName}`}>
          <h3 id={addHeadingId} className="text-base font-semibold text-slate-900">
            Add a new address
          </h3>
          <div className="mt-4">
            <AddressForm autoFocus submitLabel="Save address" onSubmit={submitAdd} onCancel={cancelAdd} />
          </div>
        </section>
      ) : null}

      {body}
    </section>
  );
}
