/**
 * The PaymentProvider port. A gateway's own types stay in its file under providers/; the rest
 * of the store sees only these.
 */
export type ChargeRequest =
  | { method: 'upi'; amount: number; vpa: string }
  | { method: 'netbanking'; amount: number; bank: string }
  | { method: 'card' | 'emi'; amount: number; card: { number: string; expiryMonth: number; expiryYear: number; cvv: string; name: string } };

export type ChargeOutcome =
  | { status: 'captured'; reference: string }
  | { status: 'failed'; reference: string; reason: string }
  /** the shopper must finish on the bank's page or enter an OTP */
  | { status: 'requires_action'; reference: string; action: 'bank' | 'otp' };

export type Confirmation = { otp: string } | { bankOutcome: 'success' | 'failure' };

export interface PaymentProvider {
  readonly name: string;
  readonly testMode: boolean;
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
  confirm(reference: string, confirmation: Confirmation): Promise<{ status: 'captured' } | { status: 'failed'; reason: string }>;
  refund(reference: string, amount: number): Promise<{ reference: string }>;
}
