import { useId } from 'react';
import type { AdminProductDetail } from '#shared/schemas/admin.ts';
import type { ProductStatus } from '#shared/schemas/catalog.ts';
import { formSectionClass } from '#web/components/product-form/product-fields.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { errorMessage } from '../api/admin-products.ts';
import { useSetAdminProductStatus } from '../api/set-admin-product-status.ts';
import { OFFLINE } from './offline.ts';

interface ArchiveSectionProps {
  detail: AdminProductDetail;
  blocked: string | null;
  onChanged: (saved: AdminProductDetail, message: string) => void;
}

/** One step to archive the product, or to bring an archived one back as a draft or published. */
export function ArchiveSection({ detail, blocked, onChanged }: ArchiveSectionProps) {
  const { product } = detail;
  const ids = useId();
  const change = useSetAdminProductStatus();
  const archived = product.status === 'archived';

  const set = (status: ProductStatus, message: string) => {
    change.mutate({ id: product.id, status }, { onSuccess: (saved) => onChanged(saved, message) });
  };
  const pendingLabel = (status: ProductStatus, idle: string) => (change.isPending && change.variables.status === status ? 'Saving…' : idle);

  return (
    <section aria-labelledby={`${ids}-heading`} className={`${formSectionClass} mt-6`}>
      <h2 id={`${ids}-heading`} className="text-lg font-semibold text-slate-900">
        {archived ? 'Bring back' : 'Archive'}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {archived
          ? 'This product is archived: shoppers cannot see or buy it. Bring it back as a draft, or publish it again.'
          : 'Archiving takes the product off the store at once and keeps its order history. It can be brought back later.'}
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {archived ? (
          <>
            <button
              type="button"
              disabled={change.isPending}
              onClick={() => set('draft', 'Brought back as a draft. It is not in the store yet.')}
              className={`${buttonClass('secondary')} w-full sm:w-auto`}
            >
              {pendingLabel('draft', 'Bring back as draft')}
            </button>
            <button
              type="button"
              disabled={change.isPending || blocked !== null}
              aria-describedby={blocked ? `${ids}-blocked` : undefined}
              onClick={() => set('active', 'Published again. The product is back in the store.')}
              className={`${buttonClass('primary')} w-full sm:w-auto`}
            >
              {pendingLabel('active', 'Bring back and publish')}
            </button>
          </>
        ) : (
          <button
            type="button"
            disabled={change.isPending}
            onClick={() => set('archived', 'Archived. Shoppers can no longer see or buy it.')}
            className={`${buttonClass('secondary')} w-full sm:w-auto`}
          >
            {pendingLabel('archived', 'Archive product')}
          </button>
        )}
      </div>
      {archived && blocked && (
        <p id={`${ids}-blocked`} className="mt-2 text-sm wrap-break-word text-amber-900">
          {blocked}
        </p>
      )}
      {change.error && (
        <p
          role="alert"
          className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium wrap-break-word text-red-800"
        >
          {errorMessage(change.error, `That did not work. ${OFFLINE}`)}
        </p>
      )}
    </section>
  );
}
