/**
 * Returns and replacements, one order line at a time, as a marketplace takes them: a
 * customer may send back one laptop of an order that two sellers fulfilled, or one of two monitors.
 *
 *   requested → approved (a pickup: carrier and date) → picked_up → received → refunded
 *                                                                            ↘ replacement_shipped
 *   requested → rejected (with a reason) | cancelled (by the customer)
 *
 * The customer only requests (and may cancel while it is requested); the line's seller or an admin
 * takes every other step. A refund goes back through the payment provider, or for Cash on
 * Delivery to the UPI ID or bank account the customer gave, when the seller has the unit back.
 */

export const RETURN_STATUSES = [
  'requested',
  'approved',
  'rejected',
  'cancelled',
  'picked_up',
  'received',
  'refunded',
  'replacement_shipped',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** Returns still being worked on: while one is, the order reads "Return requested". */
export const OPEN_RETURN_STATUSES = ['requested', 'approved', 'picked_up', 'received'] as const satisfies readonly ReturnStatus[];

export const RETURN_TRANSITIONS: Record<ReturnStatus, readonly ReturnStatus[]> = {
  requested: ['approved', 'rejected', 'cancelled'],
  approved: ['picked_up'],
  rejected: [],
  cancelled: [],
  picked_up: ['received'],
  received: ['refunded', 'replacement_shipped'],
  refunded: [],
  replacement_shipped: [],
};

export function canTransitionReturn(from: ReturnStatus, to: ReturnStatus): boolean {
  return RETURN_TRANSITIONS[from].includes(to);
}

export const isOpenReturn = (status: ReturnStatus): boolean => (OPEN_RETURN_STATUSES as readonly ReturnStatus[]).includes(status);

/** What happened to a return's units: rejected and cancelled ones stay the customer's. */
export const isLiveReturn = (status: ReturnStatus): boolean => status !== 'rejected' && status !== 'cancelled';

export const RETURN_REASONS = ['defective', 'damaged', 'wrong_item', 'not_as_described', 'missing_parts', 'changed_mind', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  defective: 'Defective or not working',
  damaged: 'Damaged in transit',
  wrong_item: 'Wrong item delivered',
  not_as_described: 'Not as described',
  missing_parts: 'Missing parts or accessories',
  changed_mind: 'No longer needed',
  other: 'Another reason',
};

/**
 * The returns policy takes a change-of-mind return ("No longer needed") only for a unit still
 * unopened, with its original seal intact: the customer says so with the request, and an opened
 * one is refused. Other reasons (a fault, damage, a wrong or incomplete item) are taken opened
 * or not.
 */
export const UNOPENED_QUESTION = 'Is the unit unopened, with its seal intact?';
export const UNOPENED_UNANSWERED = 'Please tell us whether the unit is unopened, with its seal intact';
export const OPENED_CHANGE_OF_MIND =
  'An opened product cannot be returned because it is no longer needed: such returns are only for units unopened, with the seal intact. If it is faulty, damaged, wrong or incomplete, choose that reason instead.';

/** Why the policy refuses this return, or undefined when it takes it; `unopened` is the customer's answer to UNOPENED_QUESTION. */
export function changeOfMindProblem(reason: ReturnReason, unopened: boolean | undefined): string | undefined {
  if (reason !== 'changed_mind') return undefined;
  if (unopened === undefined) return UNOPENED_UNANSWERED;
  return unopened ? undefined : OPENED_CHANGE_OF_MIND;
}

/** A replacement is for a unit that is faulty, arrived broken or is not what was ordered. */
export const REPLACEMENT_REASONS: readonly ReturnReason[] = ['defective', 'damaged', 'wrong_item'];

export const RETURN_RESOLUTIONS = ['refund', 'replacement'] as const;
export type ReturnResolution = (typeof RETURN_RESOLUTIONS)[number];

export const canAskReplacement = (reason: ReturnReason): boolean => REPLACEMENT_REASONS.includes(reason);

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Return requested',
  approved: 'Pickup scheduled',
  rejected: 'Return rejected',
  cancelled: 'Return cancelled',
  picked_up: 'Picked up',
  received: 'Received by the seller',
  refunded: 'Refunded',
  replacement_shipped: 'Replacement shipped',
};

/** The steps the seller or an admin takes, and where each leads. */
export const RETURN_ACTIONS = {
  approve: 'approved',
  reject: 'rejected',
  'picked-up': 'picked_up',
  receive: 'received',
  'ship-replacement': 'replacement_shipped',
} as const;
export type ReturnAction = keyof typeof RETURN_ACTIONS;

/** Which of those steps a return in this status may take next. */
export function nextReturnActions(status: ReturnStatus, resolution: ReturnResolution): ReturnAction[] {
  const actions = (Object.keys(RETURN_ACTIONS) as ReturnAction[]).filter((action) => canTransitionReturn(status, RETURN_ACTIONS[action]));
  return resolution === 'replacement' ? actions : actions.filter((action) => action !== 'ship-replacement');
}

export const RETURN_WINDOW_DAYS = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A delivered line may be returned for 10 days after its shipment was delivered. */
export function withinReturnWindow(deliveredAt: string | null, now: Date): boolean {
  return deliveredAt !== null && now.getTime() - new Date(deliveredAt).getTime() <= RETURN_WINDOW_DAYS * DAY_MS;
}

/** The last moment a return may be asked for, or null before delivery. */
export function returnWindowEnds(deliveredAt: string | null): string | null {
  return deliveredAt === null ? null : new Date(new Date(deliveredAt).getTime() + RETURN_WINDOW_DAYS * DAY_MS).toISOString();
}

/**
 * What `quantity` units of a line bring back, when `before` of its units were refunded already:
 * the line's amount (what was paid for it, or the seller's sale) shared over its units so that the
 * refunds of every unit add up to the paisa to the whole: each refund is the difference between
 * the shares of the units refunded after it and before it.
 */
export function unitsShare(amount: number, lineQuantity: number, before: number, quantity: number): number {
  if (quantity <= 0 || before < 0 || before + quantity > lineQuantity)
    throw new RangeError(`Cannot share ${quantity} more of ${lineQuantity} units after ${before}`);
  const upTo = (units: number) => Math.round((amount * units) / lineQuantity);
  return upTo(before + quantity) - upTo(before);
}

export interface ReturnTimes {
  status: ReturnStatus;
  resolution: ReturnResolution;
  requestedAt: string;
  approvedAt: string | null;
  rejectedAt: string | null;
  cancelledAt: string | null;
  pickedUpAt: string | null;
  receivedAt: string | null;
  refundedAt: string | null;
  replacementShippedAt: string | null;
}

export interface ReturnStep {
  label: string;
  at: string | null;
  done: boolean;
}

/** A return's timeline as the customer follows it: what has happened, and what is still to come. */
export function returnSteps(ret: ReturnTimes): ReturnStep[] {
  const requested = { label: 'Return requested', at: ret.requestedAt, done: true };
  if (ret.status === 'rejected') return [requested, { label: 'Return rejected', at: ret.rejectedAt, done: true }];
  if (ret.status === 'cancelled') return [requested, { label: 'Return cancelled', at: ret.cancelledAt, done: true }];
  const last =
    ret.resolution === 'replacement'
      ? { label: 'Replacement shipped', at: ret.replacementShippedAt, done: ret.replacementShippedAt !== null }
      : { label: 'Refunded', at: ret.refundedAt, done: ret.refundedAt !== null };
  return [
    requested,
    { label: 'Pickup scheduled', at: ret.approvedAt, done: ret.approvedAt !== null },
    { label: 'Picked up', at: ret.pickedUpAt, done: ret.pickedUpAt !== null },
    { label: 'Received by the seller', at: ret.receivedAt, done: ret.receivedAt !== null },
    last,
  ];
}

const pickupDay = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * A pickup's date (an India calendar date, YYYY-MM-DD) as mails and pages write it: "Fri, 27 Nov
 * 2026", as every other date of the store reads. Put together from its parts: en-IN's own pattern
 * with a weekday puts a comma before the year ("Fri, 27 Nov, 2026").
 */
export function formatPickupDate(date: string): string {
  const parts = pickupDay.formatToParts(new Date(`${date}T00:00:00Z`));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')}, ${part('day')} ${part('month')} ${part('year')}`;
}
