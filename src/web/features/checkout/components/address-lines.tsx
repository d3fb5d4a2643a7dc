import type { Address } from '#shared/schemas/account.ts';

/** An address as the steps show it. */
export type ShownAddress = Pick<Address, 'name' | 'phone' | 'line1' | 'line2' | 'city' | 'state' | 'pincode'>;

/** An address on one line, with its phone. */
export function AddressLines({ address }: { address: ShownAddress }) {
  return (
    <span>
      <span className="font-medium text-slate-900">{address.name}</span>, {address.line1}
      {address.line2 ? `, ${address.line2}` : ''}, {address.city}, {address.state} {address.pincode} · {address.phone}
    </span>
  );
}
