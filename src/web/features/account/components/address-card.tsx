import { useId } from 'react';
import type { Address } from '#shared/schemas/account.ts';
import { formatIndianMobile } from '#web/components/address/format-mobile.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';

/** The ids the address book moves focus to, one of each per card. */
export type CardPart = 'card' | 'edit-button' | 'delete-button' | 'confirm-cancel';

interface AddressCardProps {
  address: Address;
  /** the address in words, for the buttons' names ("address of Asha Menon, Kochi") */
  context: string;
  idOf: (part: CardPart) => string;
  /** "Delete this address?" is asked */
  confirming: boolean;
  deleting: boolean;
  settingDefault: boolean;
  /** why the last change to this address failed */
  error: string | null;
  onEdit: () => void;
  onAskDelete: () => void;
  onCancelDelete: () => void;
  onDelete: () => void;
  onMakeDefault: () => void;
}

const cardClassName = 'rounded-xl border border-slate-200 bg-white p-4 sm:p-5';

/** One saved address: where it is and the mobile number, and Edit, Delete (asked again) and Make default. */
export function AddressCard({
  address,
  context,
  idOf,
  confirming,
  deleting,
  settingDefault,
  error,
  onEdit,
  onAskDelete,
  onCancelDelete,
  onDelete,
  onMakeDefault,
}: AddressCardProps) {
  const ids = useId();
  const nameId = `${ids}-name`;
  const confirmId = `${ids}-confirm`;
  return (
    <article
      id={idOf('card')}
      tabIndex={-1}
      aria-labelledby={nameId}
      className={`${cardClassName} sm:flex sm:items-start sm:justify-between sm:gap-6`}
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={nameId} className="min-w-0 font-semibold wrap-break-word text-slate-900">
            {address.name}
          </h3>
          {address.isDefault ? (
            <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800">Default</span>
          ) : null}
        </div>
        <p className="mt-2 text-sm leading-6 wrap-break-word text-slate-700">
          {address.line1}
          {address.line2 ? (
            <>
              <br />
              {address.line2}
            </>
          ) : null}
          <br />
          {address.city}, {address.state} {address.pincode}
        </p>
        <p className="mt-1 text-sm text-slate-700">
          <span className="text-slate-500">Mobile:</span> {formatIndianMobile(address.phone)}
        </p>
      </div>

      <div className="mt-4 shrink-0 sm:mt-0">
        {confirming ? (
          <div role="group" aria-labelledby={confirmId} className="rounded-lg border border-red-200 bg-red-50 p-3">
            <p id={confirmId} className="text-sm font-medium text-red-900">
              Delete this address?
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <button
                type="button"
                onClick={onDelete}
                disabled={deleting}
                aria-label={`Delete ${context}`}
                className={`${buttonClass('primary', 'sm')} bg-red-700 hover:bg-red-800 disabled:hover:bg-red-700`}
              >
                {deleting ? 'Deleting…' : 'Delete'}
              </button>
              <button
                type="button"
                id={idOf('confirm-cancel')}
                onClick={onCancelDelete}
                disabled={deleting}
                className={buttonClass('secondary', 'sm')}
              >
                Cancel
              </button>
            </div>
          </div>
        ) : (
          <div className="flex flex-wrap gap-2 sm:justify-end">
            <button
              type="button"
              id={idOf('edit-button')}
              onClick={onEdit}
              aria-label={`Edit ${context}`}
              className={buttonClass('secondary', 'sm')}
            >
              Edit
            </button>
            <button
              type="button"
              id={idOf('delete-button')}
              onClick={onAskDelete}
              aria-label={`Delete ${context}`}
              className={buttonClass('secondary', 'sm')}
            >
              Delete
            </button>
            {address.isDefault ? null : (
              <button
                type="button"
                onClick={onMakeDefault}
                disabled={settingDefault}
                aria-label={`Make default, ${context}`}
                className={buttonClass('ghost', 'sm')}
              >
                {settingDefault ? 'Updating…' : 'Make default'}
              </button>
            )}
          </div>
        )}
        {error ? (
          <p role="alert" className="mt-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {error}
          </p>
        ) : null}
      </div>
    </article>
  );
}
