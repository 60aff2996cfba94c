/**
 * The payments driver (DESIGN §4): how the portal takes money. A card provider sends the browser
 * to its own page and keeps the outcome on its side; the portal asks it (never the browser's
 * return address) how a payment ended. A bank transfer gives instructions; it ends when finance
 * marks the transfer received. A real PSP plugs in behind {@link PaymentDriver}.
 */
import type { BankInstructions } from '@portside/contract/schemas/payments';

/** How a payment stands at the provider. */
export type ProviderOutcome = 'succeeded' | 'failed' | 'cancelled' | 'pending';

/** What the portal asks a provider to collect. */
export interface CheckoutRequest {
  /** The payment's reference (PS-<id>-<check>), the provider's merchant reference. */
  reference: string;
  amountCents: number;
  /** One line the provider's page shows, e.g. 'Invoice PS-2025-000123'. */
  description: string;
  /** Where the provider sends the browser back to when the payment has ended. */
  returnUrl: string;
}

/** How a checkout goes on: to the provider's page, or by instructions the customer follows. */
export type Checkout =
  | { kind: 'redirect'; redirectUrl: string; providerRef: string }
  | { kind: 'instructions'; bank: BankInstructions; providerRef: string };

/** How a payment ended at the provider, with a stable code and English text when it did not succeed. */
export interface ProviderStatus {
  outcome: ProviderOutcome;
  failureCode?: string;
  failureMessage?: string;
}

export interface PaymentDriver {
  /** The driver's name, stored as payments.provider. */
  readonly name: string;
  /** Starts collecting a payment. */
  createCheckout(req: CheckoutRequest): Promise<Checkout>;
  /**
   * How the payer goes on with a checkout already started (a double submit answers the first
   * payment again): the provider's page, or the transfer instructions.
   */
  continueCheckout(p: { providerRef: string; reference: string; amountCents: number }): {
    redirectUrl?: string;
    bank?: BankInstructions;
  };
  /** How the payment stands at the provider now. */
  status(providerRef: string): Promise<ProviderStatus>;
  /**
   * What the browser may know of the provider (the payment helper's text, pspHelperValue): its
   * name or publishable key, never a secret.
   */
  publicValue(): string;
}
