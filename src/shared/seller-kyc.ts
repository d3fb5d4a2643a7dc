/**
 * What a shop must have given before the marketplace approves it: sellers of electronics in India
 * are GST-registered, and settlements are paid into a bank account. The admin's approval screen
 * shows this checklist, and the API refuses to approve a shop that has not completed it.
 */
import { BANK_ACCOUNT_NUMBER, gstinProblem, IFSC, PAN, panOfGstin } from './gst.ts';
import { PIN_CODE } from './india.ts';

/** A shop's onboarding details, as its profile holds them. */
export interface SellerDetails {
  gstin: string | null;
  legalName: string | null;
  pan: string | null;
  pickupAddress: { pincode: string } | null;
  bankAccount: { holder: string; number: string; ifsc: string } | null;
}

export interface ChecklistItem {
  item: string;
  done: boolean;
}

/** Each thing the approval needs, and whether the shop has given it (and given it right). */
export function sellerChecklist(shop: SellerDetails): ChecklistItem[] {
  const gstin = shop.gstin !== null && gstinProblem(shop.gstin) === undefined ? shop.gstin : null;
  return [
    { item: 'A valid GSTIN', done: gstin !== null },
    { item: 'The legal name of the GST registration', done: (shop.legalName ?? '').trim().length >= 2 },
    { item: 'The PAN in the GSTIN', done: shop.pan !== null && PAN.test(shop.pan) && gstin !== null && panOfGstin(gstin) === shop.pan },
    { item: 'A pickup address with a valid PIN code', done: shop.pickupAddress !== null && PIN_CODE.test(shop.pickupAddress.pincode) },
    {
      item: 'A bank account for settlements (IFSC checked)',
      done:
        shop.bankAccount !== null &&
        BANK_ACCOUNT_NUMBER.test(shop.bankAccount.number) &&
        IFSC.test(shop.bankAccount.ifsc) &&
        shop.bankAccount.holder.trim().length >= 2,
    },
  ];
}

/** Why the shop cannot be approved yet, in one sentence; undefined when it can be. */
export function approvalBlocker(shop: SellerDetails): string | undefined {
  const missing = sellerChecklist(shop)
    .filter((entry) => !entry.done)
    .map((entry) => entry.item.charAt(0).toLowerCase() + entry.item.slice(1));
  if (missing.length === 0) return undefined;
  return `This shop cannot be approved yet. It still needs: ${missing.join('; ')}.`;
}
